import { Component, type ReactNode } from 'react';

interface Props {
  fallback: ReactNode;
  children: ReactNode;
}

/** Layer 3: a remote screen that throws while loading or rendering is contained to its own place. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('Bereich konnte nicht angezeigt werden', error);
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
