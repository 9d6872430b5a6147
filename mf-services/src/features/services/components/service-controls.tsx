import {
  type PowerAction,
  ResetPasswordBody,
  type Service,
  serviceMessages,
} from "@contracts/services.ts";
import { useNavigate } from "@hosting-portal/router";
import {
  Button,
  Card,
  ConfirmDialog,
  contractMessage,
  Dialog,
  parseForm,
  queryKeys,
  TextField,
  toast,
} from "@hosting-portal/shared-ui";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { messages, useT } from "../../../i18n";
import { useControlService } from "../api/control-service";
import { useReinstall } from "../api/server-actions";
import { SecretValue } from "./secret-value";
import { reportServiceError } from "./service-errors";
import * as styles from "./services.css";

type Key = Parameters<typeof messages.t>[0];

const POWER: { action: PowerAction; label: Key; variant: "primary" | "secondary" | "danger" }[] = [
  { action: "start", label: "controls.start", variant: "primary" },
  { action: "stop", label: "controls.stop", variant: "danger" },
  { action: "restart", label: "controls.restart", variant: "secondary" },
  { action: "force-stop", label: "controls.forceStop", variant: "danger" },
  { action: "force-restart", label: "controls.forceRestart", variant: "secondary" },
];

/** What the confirmation of a forced action says it does (the system is not asked). */
const FORCED: Partial<Record<PowerAction, { title: Key; text: Key }>> = {
  "force-stop": { title: "controls.forceStop", text: "controls.forceStopText" },
  "force-restart": { title: "controls.forceRestart", text: "controls.forceRestartText" },
};

/** The success toast of each action (the contracts' actionDone, in the page's language). */
const DONE: Record<PowerAction | "reset-password", Key> = {
  start: "done.start",
  stop: "done.stop",
  restart: "done.restart",
  "force-stop": "done.forceStop",
  "force-restart": "done.forceRestart",
  "reset-password": "done.resetPassword",
};

/** SPEC §2: Start, Stop, Restart, Change Password, for VPS services only. */
export function ServiceControls({ service }: { service: Service }) {
  const t = useT();
  const control = useControlService();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [forcing, setForcing] = useState<PowerAction | null>(null);
  // A reinstall takes the server over: the API refuses these meanwhile, the buttons wait.
  const reinstalling = useReinstall(service.id).data?.reinstall?.state === "pending";
  // The password the provider set instead of the one sent; dropped when its dialog closes.
  const [providerPassword, setProviderPassword] = useState<string | null>(null);

  if (service.service_type !== "vps") {
    return (
      <Card as="section" title={t("controls.title")}>
        <p className={styles.muted}>{contractMessage(serviceMessages.notAvailable)}</p>
      </Card>
    );
  }

  const run = (action: PowerAction | "reset-password", password?: string) => {
    setPending(action);
    control.mutate(
      { id: service.id, action, password },
      {
        onSuccess: (result) => {
          toast.success(messages.t(DONE[action]));
          setPasswordOpen(false);
          setForcing(null);
          if (action === "reset-password" && result.password) setProviderPassword(result.password);
        },
        onError: (err) => {
          if (reportServiceError(err).leave) {
            void queryClient.invalidateQueries({ queryKey: queryKeys.services.mine });
            navigate("/dashboard", { replace: true });
          }
        },
        onSettled: () => setPending(null),
      },
    );
  };

  const cancelPassword = () => {
    setPasswordOpen(false);
    toast.info(
      contractMessage(serviceMessages.cancelledTitle),
      contractMessage(serviceMessages.cancelled),
    );
  };

  const submitPassword = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const password = String(new FormData(e.currentTarget).get("password") ?? "");
    if (password === "") return cancelPassword();
    const parsed = parseForm(ResetPasswordBody, { password });
    if (!parsed.success) return;
    run("reset-password", parsed.data.password);
  };

  return (
    <Card as="section" title={t("controls.title")} description={t("controls.description")}>
      <div className={styles.actions}>
        {POWER.map(({ action, label, variant }) => (
          <Button
            key={action}
            variant={variant}
            isPending={pending === action}
            isDisabled={reinstalling || (pending !== null && pending !== action)}
            onPress={() => (FORCED[action] ? setForcing(action) : run(action))}
          >
            {t(label)}
          </Button>
        ))}
        <Button
          variant="secondary"
          isDisabled={reinstalling || pending !== null}
          onPress={() => setPasswordOpen(true)}
        >
          {t("controls.changePassword")}
        </Button>
      </div>
      {reinstalling && (
        <p className={styles.note} role="status">
          {t("controls.reinstalling")}
        </p>
      )}
      <ConfirmDialog
        title={forcing && FORCED[forcing] ? t(FORCED[forcing].title) : ""}
        isOpen={forcing !== null}
        onOpenChange={(open) => {
          if (!open) setForcing(null);
        }}
        onConfirm={() => forcing && run(forcing)}
        confirmLabel={forcing && FORCED[forcing] ? t(FORCED[forcing].title) : undefined}
        destructive
        isPending={forcing !== null && pending === forcing}
      >
        <p className={styles.muted}>{forcing && FORCED[forcing] ? t(FORCED[forcing].text) : ""}</p>
      </ConfirmDialog>
      <Dialog
        title={t("controls.passwordDialog")}
        isOpen={passwordOpen}
        onOpenChange={(open) => (open ? setPasswordOpen(true) : cancelPassword())}
      >
        <form className={styles.dialogBody} onSubmit={submitPassword}>
          <p className={styles.muted}>
            {t("controls.passwordText", { server: service.ipv4 ?? t("controls.yourServer") })}
          </p>
          <TextField
            label={t("controls.newPassword")}
            name="password"
            type="password"
            autoFocus
            autoComplete="new-password"
          />
          <div className={styles.dialogActions}>
            <Button
              variant="secondary"
              onPress={cancelPassword}
              isDisabled={pending === "reset-password"}
            >
              {t("controls.cancel")}
            </Button>
            <Button type="submit" isPending={pending === "reset-password"}>
              {t("controls.changePassword")}
            </Button>
          </div>
        </form>
      </Dialog>
      <Dialog
        title={t("controls.providerPasswordTitle")}
        isOpen={providerPassword !== null}
        onOpenChange={(open) => {
          if (!open) setProviderPassword(null);
        }}
        isDismissable={false}
      >
        {({ close }) => (
          <div className={styles.dialogBody}>
            <p className={styles.muted}>{t("controls.providerPasswordText")}</p>
            {providerPassword && (
              <SecretValue label={t("controls.newRootPassword")} value={providerPassword} />
            )}
            <div className={styles.dialogActions}>
              <Button onPress={close}>{t("controls.done")}</Button>
            </div>
          </div>
        )}
      </Dialog>
    </Card>
  );
}
