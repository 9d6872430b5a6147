import type { AdminProduct } from "@contracts/admin.ts";
import { Button, Checkbox, Dialog, formatEur, Skeleton, toast } from "@hosting-portal/shared-ui";
import { useEffect, useState } from "react";
import { useT } from "../../../i18n";
import * as styles from "../../../lib/admin.css";
import { useSetUpgradePaths, useUpgradePaths, useVpsProducts } from "../api/upgrade-paths";

/**
 * Which VPS products this product's customers may change to, from the service page. The API
 * refuses a product with a smaller disk (the provider never shrinks one) or without a server plan.
 */
export function UpgradePathsDialog({
  product,
  onClose,
}: {
  product: AdminProduct;
  onClose: () => void;
}) {
  const t = useT();
  const paths = useUpgradePaths(product.id);
  const products = useVpsProducts();
  const save = useSetUpgradePaths(product.id);
  const [selected, setSelected] = useState<Set<string> | null>(null);
  useEffect(() => {
    if (paths.data && selected === null) setSelected(new Set(paths.data.target_ids));
  }, [paths.data, selected]);
  const candidates = (products.data?.products ?? []).filter((p) => p.id !== product.id);

  return (
    <Dialog
      title={t("paths.title", { name: product.name })}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {({ close }) => (
        <div className={styles.dialogBody}>
          <p className={styles.note}>{t("paths.note", { name: product.name })}</p>
          {!selected || !products.data ? (
            <Skeleton height={80} />
          ) : candidates.length === 0 ? (
            <p className={styles.muted}>{t("paths.none")}</p>
          ) : (
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>{t("paths.legend")}</legend>
              {candidates.map((p) => (
                <Checkbox
                  key={p.id}
                  isSelected={selected.has(p.id)}
                  onChange={(on) => {
                    const next = new Set(selected);
                    if (on) next.add(p.id);
                    else next.delete(p.id);
                    setSelected(next);
                  }}
                >
                  <span translate="no">{p.name}</span> · {formatEur(p.price)} ·{" "}
                  <span translate="no">
                    {p.cpu} · {p.ram} · {p.storage}
                  </span>
                </Checkbox>
              ))}
            </fieldset>
          )}
          <div className={styles.formActions}>
            <Button variant="secondary" onPress={close}>
              {t("dialog.cancel")}
            </Button>
            <Button
              isPending={save.isPending}
              isDisabled={!selected}
              onPress={() =>
                selected &&
                save.mutate([...selected], {
                  onSuccess: (r) => {
                    toast.success(
                      t("paths.saved"),
                      t("paths.savedDetail", { name: product.name, count: r.target_ids.length }),
                    );
                    onClose();
                  },
                })
              }
            >
              {t("paths.save")}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
