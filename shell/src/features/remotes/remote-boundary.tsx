import { Button, Card } from "@hosting-portal/shared-ui";
import { Component, type ReactNode } from "react";
import { resetRemote } from "./load-remote";
import * as styles from "./remote-boundary.css";
import { RemoteLoadError, RemoteVersionError } from "./remote-errors";
import { forgetRemotePages } from "./remote-page";

interface Props {
  children: ReactNode;
}
interface State {
  error: Error | null;
  attempt: number;
}

const texts = {
  unreachable: {
    title: "This section could not be loaded",
    text: "The part of the portal that shows this page is not reachable right now. The rest of the portal keeps working.",
  },
  version: {
    title: "This section needs a newer version of the portal",
    text: "It was released for a newer portal than the one open in your browser. Reload the page to get the latest version; if this message stays, please try again in a few minutes.",
  },
  crashed: {
    title: "This section could not be loaded",
    text: "Something went wrong while showing this page.",
  },
};

/**
 * The one place remote failures are handled (unreachable server, missing file, version skew,
 * render error): an error panel inside the layout, so top bar, navigation and other pages keep
 * working. Keyed by path in the layout, so navigating away clears it. Retry asks the remote
 * again once; the failed load stays memoised until then (load-remote.ts). When the remote's code
 * (entry or chunk) was what failed, Retry reloads the page, the one way to fetch it again.
 */
export class RemoteBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.error("[portal] page failed", error, error.cause ?? "");
  }

  private retry = () => {
    const { error } = this.state;
    // The remote's code itself failed to arrive: the browser will not fetch it again in this page.
    if (error instanceof RemoteLoadError && error.modulesRequested) {
      window.location.reload();
      return;
    }
    if (error instanceof RemoteLoadError) {
      resetRemote(error.remote);
      forgetRemotePages(error.remote);
    }
    this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));
  };

  override render() {
    const { error, attempt } = this.state;
    if (!error) return <div key={attempt}>{this.props.children}</div>;
    const kind =
      error instanceof RemoteVersionError
        ? "version"
        : error instanceof RemoteLoadError
          ? "unreachable"
          : "crashed";
    return (
      <div className={styles.wrap} role="alert" data-testid="remote-error" data-kind={kind}>
        <Card>
          <div className={styles.icon} aria-hidden="true">
            !
          </div>
          <h2 className={styles.title}>{texts[kind].title}</h2>
          <p className={styles.text}>{texts[kind].text}</p>
          <div>
            {kind === "version" ? (
              <Button onPress={() => window.location.reload()}>Reload</Button>
            ) : (
              <Button onPress={this.retry}>Retry</Button>
            )}
          </div>
        </Card>
      </div>
    );
  }
}
