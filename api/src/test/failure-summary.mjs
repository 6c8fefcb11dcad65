/**
 * A node:test reporter beside TAP (api/package.json's test script): after the run, every failure once with its
 * cause, so that the end of a long CI log says why, not only which tests a failed hook cancelled.
 */
export default async function* failureSummary(source) {
  const failures = [];
  for await (const event of source) {
    if (event.type !== 'test:fail') continue;
    const { name, file, details } = event.data;
    const error = details?.error;
    // A test its parent cancelled says nothing new: the parent's own failure names the cause.
    if (error?.failureType === 'cancelledByParent' || error?.failureType === 'subtestsFailed') continue;
    const cause = error?.cause ?? error;
    const text = String(cause?.stack ?? cause?.message ?? cause)
      .split('\n')
      .slice(0, 12)
      .join('\n    ');
    failures.push(`✘ ${file ?? ''} › ${name}\n    ${text}`);
  }
  if (failures.length)
    yield `\n# ${failures.length} failure(s), each with its cause:\n${failures.join('\n')}\n`;
}
