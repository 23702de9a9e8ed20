// A part of a page rendered through React.lazy whose code comes through loadInTime: while it loads, the
// nearest Suspense shows its fallback; if it does not arrive in time (or fails), the error state takes its
// place, and the retry asks for the code again.
import { Component, lazy, useState, type ComponentType, type ReactNode } from "react";
import { ErrorState } from "./ErrorState.tsx";
import { loadInTime, loadLocalised } from "./lazy-load.ts";

export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  // React remembers a lazy component's failure for good: a retry needs a new one.
  const lazyLoad = () => lazy(() => loadInTime(loadLocalised(load)).then((loaded) => ({ default: loaded })));
  let Part = lazyLoad();
  return function LazyPart(props: P) {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      Part = lazyLoad();
      setAttempt(attempt + 1);
    };
    return (
      <LoadErrorBoundary key={attempt} onRetry={retry}>
        <Part {...props} />
      </LoadErrorBoundary>
    );
  };
}

class LoadErrorBoundary extends Component<{ onRetry(): void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <ErrorState part onRetry={this.props.onRetry} /> : this.props.children;
  }
}
