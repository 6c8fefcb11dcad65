// Async boundary: shared modules are negotiated before any of them is evaluated (DESIGN §3).
import('./bootstrap');
