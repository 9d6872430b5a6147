import type { Product } from "@contracts/shop.ts";
import { Button, Card, formatEur } from "@hosting-portal/shared-ui";
import { useT } from "../../../i18n";
import * as styles from "./product-card.css";

export interface ProductCardProps {
  product: Product;
  onOrder: (product: Product) => void;
  /** false: the caller's role may not order (no button; the catalog says why once). */
  mayOrder?: boolean;
}

/** SPEC §2 product card: name, price per month, cpu, ram, storage, uplink, IPv4, DDoS protection. */
export function ProductCard({ product, onOrder, mayOrder = true }: ProductCardProps) {
  const t = useT();
  // The product's own values are the catalogue's text, written once by staff: translate="no"
  // tells browsers' translators (and the language tests) so.
  const specs: [string, string, "no" | undefined][] = [
    [t("spec.cpu"), product.cpu, "no"],
    [t("spec.ram"), product.ram, "no"],
    [t("spec.storage"), product.storage, "no"],
    [t("spec.uplink"), product.uplink, "no"],
    [t("spec.ipv4"), t("spec.ipv4Value"), undefined],
    [t("spec.ddos"), product.ddos_protection, "no"],
  ];
  return (
    <Card as="article" title={product.name} className={styles.card}>
      <div className={styles.price}>
        <span className={styles.amount}>{formatEur(product.price)}</span>
        <span className={styles.per}>{t("perMonth")}</span>
      </div>
      <dl className={styles.specs}>
        {specs.map(([label, value, translate]) => (
          <div key={label} className={styles.spec}>
            <dt className={styles.specLabel}>{label}</dt>
            <dd className={styles.specValue} translate={translate}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {mayOrder && (
        <Button className={styles.orderButton} onPress={() => onOrder(product)}>
          {t("orderNow")}
        </Button>
      )}
    </Card>
  );
}
