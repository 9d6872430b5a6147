import { serverActionMessages } from "@contracts/server-actions.ts";
import type { Service } from "@contracts/services.ts";
import {
  Button,
  contractMessage,
  formatDateTime,
  Skeleton,
  toast,
} from "@hosting-portal/shared-ui";
import { useState } from "react";
import { useT } from "../../../../i18n";
import { useBackups, useCreateBackup, useRestoreBackup } from "../../api/server-actions";
import * as shared from "../services.css";
import * as styles from "./manage-server.css";
import { TypedConfirmDialog } from "./typed-confirm-dialog";
import { useReportServiceError } from "./use-report";

/**
 * The provider's backups of the server, newest first: take one now, or restore one (confirmed by
 * typing the short id). While the provider runs a backup operation its status shows and the
 * buttons wait: it runs one at a time per server.
 */
export function BackupsSection({ service, isDisabled }: { service: Service; isDisabled: boolean }) {
  const t = useT();
  const { data, isError } = useBackups(service.id);
  const create = useCreateBackup(service.id);
  const restore = useRestoreBackup(service.id);
  const report = useReportServiceError();
  const [restoring, setRestoring] = useState<{ id: string; label: string } | null>(null);
  const busy = isDisabled || data?.running === true || create.isPending || restore.isPending;
  // With seconds: two backups of one minute must not read alike in the restore confirmation.
  const label = (b: { id: string; created_at: string | null }) =>
    b.created_at
      ? `${formatDateTime(b.created_at)}:${String(new Date(b.created_at).getSeconds()).padStart(2, "0")}`
      : b.id;

  return (
    <section className={styles.section} aria-labelledby="backups-heading">
      <h3 id="backups-heading" className={styles.heading}>
        {t("backups.title")}
      </h3>
      {data?.running && (
        <p className={shared.muted} role="status">
          {t("backups.running", { status: data.status })}
        </p>
      )}
      {isError && <p className={shared.muted}>{t("backups.unreadable")}</p>}
      {!data && !isError && <Skeleton height={40} />}
      {data && data.backups.length === 0 && <p className={shared.muted}>{t("backups.none")}</p>}
      {data && data.backups.length > 0 && (
        <ul className={styles.list} aria-label={t("backups.listLabel")}>
          {data.backups.map((b) => (
            <li key={b.id} className={styles.row}>
              <span>{label(b)}</span>
              <Button
                variant="secondary"
                isDisabled={busy}
                onPress={() => setRestoring({ id: b.id, label: label(b) })}
              >
                {t("backups.restore")}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button
          variant="secondary"
          isDisabled={busy && !create.isPending}
          isPending={create.isPending}
          onPress={() =>
            create.mutate(undefined, {
              onSuccess: () => toast.success(contractMessage(serverActionMessages.backupStarted)),
              onError: report,
            })
          }
        >
          {t("backups.create")}
        </Button>
      </div>
      <TypedConfirmDialog
        serviceId={service.id}
        title={t("backups.restoreTitle")}
        isOpen={restoring !== null}
        onOpenChange={(open) => {
          if (!open) setRestoring(null);
        }}
        confirmLabel={t("backups.restoreConfirm")}
        isPending={restore.isPending}
        onConfirm={(confirm) =>
          restoring &&
          restore.mutate(
            { backup: restoring.id, confirm },
            {
              onSuccess: () => {
                toast.success(contractMessage(serverActionMessages.restoreStarted));
                setRestoring(null);
              },
              onError: report,
            },
          )
        }
      >
        <p className={shared.note}>{t("backups.restoreNote", { label: restoring?.label ?? "" })}</p>
      </TypedConfirmDialog>
    </section>
  );
}
