// swagger-ui's button that folds a schema open or shut holds only an arrow; it gets a name (WCAG 4.1.2), checked
// by e2e/tests/accessibility.spec.ts. Buttons that show the schema's title keep that text as their name.
new MutationObserver(() => {
  for (const button of document.querySelectorAll('.model-box-control:not([aria-label])'))
    if (!button.textContent.trim()) button.setAttribute('aria-label', 'Toggle schema');
}).observe(document.getElementById('swagger-ui'), { childList: true, subtree: true });
