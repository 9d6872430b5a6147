import { serverActionMessages } from "@contracts/server-actions.ts";
import type { Service } from "@contracts/services.ts";
import { Button, contractMessage, ProgressBar, Select, toast } from "@hosting-portal/shared-ui";
import { useEffect, useRef, useState } from "react";
import { useT } from "../../../../i18n";
import { useReinstall, useStartReinstall, useTemplates } from "../../api/server-actions";
import * as shared from "../services.css";
import * as styles from "./manage-server.css";
import { TypedConfirmDialog } from "./typed-confirm-dialog";
import { useReportServiceError } from "./use-report";

/**
 * Reinstall: a system from the provider's list, confirmed by typing the short id. Its progress
 * comes from the API's job (refreshed by the live `services` topic); when it finishes, the new
 * root password waits in the Root password panel, shown once.
 */
export function ReinstallSection({ service }: { service: Service }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [template, setTemplate] = useState("");
  const { data } = useReinstall(service.id);
  const templates = useTemplates(service.id, open);
  const start = useStartReinstall(service.id);
  const report = useReportServiceError();
  const reinstall = data?.reinstall ?? null;
  const running = reinstall?.state === "pending";

  // Tell the customer how it ended, once, when a reinstall they watched leaves `pending`.
  const watched = useRef<string | null>(null);
  useEffect(() => {
    if (running) watched.current = reinstall.id;
    else if (reinstall && watched.current === reinstall.id) {
      watched.current = null;
      if (reinstall.state === "done")
        toast.success(contractMessage(serverActionMessages.reinstallDone));
      else toast.error(contractMessage(serverActionMessages.reinstallFailed));
    }
  }, [running, reinstall]);

  const choices = templates.data?.templates ?? [];
  const chosen = template || choices[0] || "";

  return (
    <section className={styles.section} aria-labelledby="reinstall-heading">
      <h3 id="reinstall-heading" className={styles.heading}>
        {t("reinstall.title")}
      </h3>
      {running ? (
        <ProgressBar
          label={t("reinstall.progress", {
            template: reinstall.template,
            status: reinstall.provider_status ?? t("reinstall.queued"),
          })}
          value={Math.round(reinstall.progress * 100)}
        />
      ) : (
        <p className={shared.muted}>
          {t("reinstall.explain")}
          {reinstall?.state === "failed"
            ? ` ${t("reinstall.lastFailed", { template: reinstall.template })}`
            : ""}
        </p>
      )}
      <div>
        <Button variant="danger" isDisabled={running} onPress={() => setOpen(true)}>
          {t("reinstall.open")}
        </Button>
      </div>
      <TypedConfirmDialog
        serviceId={service.id}
        title={t("reinstall.dialogTitle")}
        isOpen={open}
        onOpenChange={setOpen}
        confirmLabel={t("reinstall.confirm")}
        isPending={start.isPending}
        onConfirm={(confirm) =>
          start.mutate(
            { template: chosen, confirm },
            {
              onSuccess: () => {
                toast.success(contractMessage(serverActionMessages.reinstallStarted));
                setOpen(false);
              },
              onError: report,
            },
          )
        }
      >
        <Select
          label={t("reinstall.system")}
          value={chosen}
          onValueChange={setTemplate}
          disabled={!templates.data}
        >
          {choices.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
        <p className={shared.note}>
          {t("reinstall.note", {
            server: service.ipv4 ?? t("reinstall.theServer"),
            system: chosen || t("reinstall.theSystem"),
          })}
        </p>
      </TypedConfirmDialog>
    </section>
  );
}
