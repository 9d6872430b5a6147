import { Component, type ReactNode } from "react";

interface Props {
  /** The current location's key: a navigation clears the error. */
  location: string;
  children: ReactNode;
}
interface State {
  failed: boolean;
  error: unknown;
  location: string;
}

/**
 * What React Router's data router showed for an error no nearer boundary caught (a remote page's
 * errors stay in RemoteBoundary; this is the frame and the visitors' pages, an auth page whose
 * code failed to load included): its default error page instead of an empty window, cleared by
 * the next navigation. Declarative routing has no boundary of its own.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, error: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.location === state.location) return null;
    return { failed: false, error: null, location: props.location };
  }

  override componentDidCatch(error: unknown): void {
    console.error("[portal] page failed", error);
  }

  override render() {
    const { failed, error } = this.state;
    if (!failed) return this.props.children;
    return (
      <>
        <h2>Unexpected Application Error!</h2>
        <h3 style={{ fontStyle: "italic" }}>
          {error instanceof Error ? error.message : JSON.stringify(error)}
        </h3>
      </>
    );
  }
}
