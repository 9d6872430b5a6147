import { Button, Card } from "@hosting-portal/shared-ui";
import { Component, type ReactNode } from "react";
import { RemoteLoadError, resetRemote } from "./load-remote";
import * as styles from "./remote-boundary.css";

interface Props {
  children: ReactNode;
}
interface State {
  error: Error | null;
  attempt: number;
}

/**
 * The one place remote failures are handled (unreachable server, missing file, render error):
 * an error panel with Retry inside the layout, so top bar, navigation and other pages keep
 * working. Keyed by path in the layout, so navigating away clears it.
 */
export class RemoteBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.error("[portal] page failed", error);
  }

  private retry = () => {
    const { error } = this.state;
    if (error instanceof RemoteLoadError) resetRemote(error.remote);
    this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));
  };

  override render() {
    const { error, attempt } = this.state;
    if (error) {
      const unreachable = error instanceof RemoteLoadError;
      return (
        <div className={styles.wrap} role="alert" data-testid="remote-error">
          <Card>
            <div className={styles.icon} aria-hidden="true">
              !
            </div>
            <h2 className={styles.title}>This section could not be loaded</h2>
            <p className={styles.text}>
              {unreachable
                ? "The part of the portal that shows this page is not reachable right now. The rest of the portal keeps working."
                : "Something went wrong while showing this page."}
            </p>
            <div>
              <Button onPress={this.retry}>Retry</Button>
            </div>
          </Card>
        </div>
      );
    }
    return <div key={attempt}>{this.props.children}</div>;
  }
}
