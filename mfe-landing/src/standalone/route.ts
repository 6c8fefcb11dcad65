/**
 * `/landing/{id}/{serialNo}` or `/landing/{id}` (docs/architecture.md#the-path-of-a-request). The standalone page reads its two segments
 * itself; a router library would add kilobytes for one route.
 */
export function landingRoute(pathname: string): { machineId: string; serial?: string } {
  const [, machineId = '', serial] = pathname.replace(/^\/+/, '').split('/');
  const decode = (segment: string) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  };
  return { machineId: decode(machineId), serial: serial ? decode(serial) : undefined };
}
