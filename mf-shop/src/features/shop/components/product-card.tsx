import type { Product } from "@contracts/shop.ts";
import { Button, Card, formatEur } from "@hosting-portal/shared-ui";
import { useT } from "../../../i18n";
import * as styles from "./product-card.css";

export interface ProductCardProps {
  product: Product;
  onOrder: (product: Product) => void;
}

/** SPEC §2 product card: name, price per month, cpu, ram, storage, uplink, IPv4, DDoS protection. */
export function ProductCard({ product, onOrder }: ProductCardProps) {
  const t = useT();
  const specs: [string, string][] = [
    [t("spec.cpu"), product.cpu],
    [t("spec.ram"), product.ram],
    [t("spec.storage"), product.storage],
    [t("spec.uplink"), product.uplink],
    [t("spec.ipv4"), t("spec.ipv4Value")],
    [t("spec.ddos"), product.ddos_protection],
  ];
  return (
    <Card as="article" title={product.name} className={styles.card}>
      <div className={styles.price}>
        <span className={styles.amount}>{formatEur(product.price)}</span>
        <span className={styles.per}>{t("perMonth")}</span>
      </div>
      <dl className={styles.specs}>
        {specs.map(([label, value]) => (
          <div key={label} className={styles.spec}>
            <dt className={styles.specLabel}>{label}</dt>
            <dd className={styles.specValue}>{value}</dd>
          </div>
        ))}
      </dl>
      <Button className={styles.orderButton} onPress={() => onOrder(product)}>
        {t("orderNow")}
      </Button>
    </Card>
  );
}
