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
import { useT } from "../../../i18n";
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
  const t = useT();
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirmOthers, setConfirmOthers] = useState(false);
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current).length;

  const endOne = (s: SessionInfo) =>
    end.mutate(s.id, {
      onSuccess: () =>
        toast.success(t("sessions.ended"), t("sessions.endedDetail", { device: s.device })),
      onError: (err) => toast.error(t("error"), errorText(err, t("sessions.endFailed"))),
    });

  const confirmEndOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) => {
        toast.success(t("sessions.othersEnded"), t("sessions.othersEndedDetail", { count: ended }));
        setConfirmOthers(false);
      },
      onError: (err) => toast.error(t("error"), errorText(err, t("sessions.othersFailed"))),
    });

  return (
    <Card
      as="section"
      title={t("sessions.title")}
      description={t("sessions.description")}
      actions={
        <Button
          size="sm"
          variant="secondary"
          isDisabled={others === 0}
          onPress={() => setConfirmOthers(true)}
        >
          {t("sessions.signOutOthers")}
        </Button>
      }
    >
      {sessions.isPending ? (
        <Skeleton height="96px" />
      ) : sessions.isError ? (
        <EmptyState
          title={t("sessions.loadFailed")}
          description={errorText(sessions.error, t("tryAgainLater"))}
          action={
            <Button size="sm" variant="secondary" onPress={() => sessions.refetch()}>
              {t("retry")}
            </Button>
          }
        />
      ) : (
        <Table aria-label={t("sessions.title")}>
          <TableHeader>
            <Column isRowHeader>{t("sessions.device")}</Column>
            <Column>{t("sessions.address")}</Column>
            <Column>{t("sessions.signedIn")}</Column>
            <Column>{t("sessions.lastUsed")}</Column>
            <Column>
              <span className={styles.srOnly}>{t("sessions.actions")}</span>
            </Column>
          </TableHeader>
          <TableBody items={list} dependencies={[end.isPending, t]}>
            {(s) => (
              <Row id={s.id}>
                <Cell>
                  <span className={styles.device}>
                    {s.device}
                    {s.current && <Badge tone="info">{t("sessions.thisDevice")}</Badge>}
                  </span>
                </Cell>
                <Cell>{s.ip_address ?? t("sessions.unknown")}</Cell>
                <Cell>{formatDateTime(s.created_at)}</Cell>
                <Cell>{s.current ? t("sessions.now") : formatDateTime(s.last_used_at)}</Cell>
                <Cell>
                  {!s.current && (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={t("sessions.endOn", { device: s.device })}
                      isDisabled={end.isPending}
                      onPress={() => endOne(s)}
                    >
                      {t("sessions.end")}
                    </Button>
                  )}
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      )}
      <ConfirmDialog
        title={t("sessions.confirmTitle")}
        isOpen={confirmOthers}
        onOpenChange={setConfirmOthers}
        onConfirm={confirmEndOthers}
        confirmLabel={t("sessions.confirmLabel")}
        destructive
        isPending={endOthers.isPending}
      >
        {t("sessions.confirmText")}
      </ConfirmDialog>
    </Card>
  );
}
