// Async boundary: shared modules are negotiated before any of them is evaluated (docs/architecture.md#module-federation).
import('./bootstrap');
