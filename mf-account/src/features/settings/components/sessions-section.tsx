import type { SessionInfo } from "@contracts/sessions.ts";
import {
  ApiError,
  Badge,
  Button,
  Card,
  Cell,
  Column,
  ConfirmDialog,
  EmptyState,
  formatDateTime,
  Row,
  Skeleton,
  Table,
  TableBody,
  TableHeader,
  toast,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useEndOtherSessions, useEndSession } from "../api/end-session";
import { useSessions } from "../api/get-sessions";
import * as styles from "./settings.css";

const errorText = (err: unknown, fallback: string) =>
  err instanceof ApiError ? err.message : fallback;

/**
 * Where the account is signed in: device, address, sign-in and last use of each session, with
 * this device marked. Ending a session signs that device out at once; unused sessions end by
 * themselves after 30 minutes (5 days with 'Remember me').
 */
export function SessionsSection() {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirmOthers, setConfirmOthers] = useState(false);
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;

  const endOne = (s: SessionInfo) =>
    end.mutate(s.id, {
      onSuccess: () => toast.success("Session ended", `${s.device} is signed out.`),
      onError: (err) => toast.error("Error", errorText(err, "Could not end the session.")),
    });

  const confirmEndOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) => {
        toast.success(
          "Signed out everywhere else",
          ended === 1 ? "1 other session ended." : `${ended} other sessions ended.`,
        );
        setConfirmOthers(false);
      },
      onError: (err) => toast.error("Error", errorText(err, "Could not end the sessions.")),
    });

  return (
    <Card
      as="section"
      title="Sessions"
      description="Where you are signed in. End any session you don't recognise. Unused sessions end after 30 minutes, or 5 days with 'Remember me'."
      actions={
        <Button
          size="sm"
          variant="secondary"
          isDisabled={others === 0}
          onPress={() => setConfirmOthers(true)}
        >
          Sign out other sessions
        </Button>
      }
    >
      {sessions.isPending ? (
        <Skeleton height="96px" />
      ) : sessions.isError ? (
        <EmptyState
          title="Could not load your sessions"
          description={errorText(sessions.error, "Please try again.")}
          action={
            <Button size="sm" variant="secondary" onPress={() => sessions.refetch()}>
              Retry
            </Button>
          }
        />
      ) : (
        <Table aria-label="Sessions">
          <TableHeader>
            <Column isRowHeader>Device</Column>
            <Column>Address</Column>
            <Column>Signed in</Column>
            <Column>Last used</Column>
            <Column>
              <span className={styles.srOnly}>Actions</span>
            </Column>
          </TableHeader>
          <TableBody items={list} dependencies={[end.isPending]}>
            {(s) => (
              <Row id={s.id}>
                <Cell>
                  <span className={styles.device}>
                    {s.device}
                    {s.current && <Badge tone="info">This device</Badge>}
                  </span>
                </Cell>
                <Cell>{s.ip_address ?? "Unknown"}</Cell>
                <Cell>{formatDateTime(s.created_at)}</Cell>
                <Cell>{s.current ? "Now" : formatDateTime(s.last_used_at)}</Cell>
                <Cell>
                  {!s.current && (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`End session on ${s.device}`}
                      isDisabled={end.isPending}
                      onPress={() => endOne(s)}
                    >
                      End
                    </Button>
                  )}
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      <ConfirmDialog
        title="Sign out other sessions?"
        isOpen={confirmOthers}
        onOpenChange={setConfirmOthers}
        onConfirm={confirmEndOthers}
        confirmLabel="Sign out others"
        destructive
        isPending={endOthers.isPending}
      >
        Every other device and browser is signed out at once. This one stays signed in.
      </ConfirmDialog>
    </Card>
  );
}
