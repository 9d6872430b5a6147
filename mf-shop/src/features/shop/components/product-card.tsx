import type { Product } from "@contracts/shop.ts";
import { Button, Card, formatEur } from "@hosting-portal/shared-ui";
import * as styles from "./product-card.css";

export interface ProductCardProps {
  product: Product;
  onOrder: (product: Product) => void;
}

/** SPEC §2 product card: name, price per month, cpu, ram, storage, uplink, IPv4, DDoS protection. */
export function ProductCard({ product, onOrder }: ProductCardProps) {
  const specs: [string, string][] = [
    ["CPU", product.cpu],
    ["RAM", product.ram],
    ["Storage", product.storage],
    ["Uplink", product.uplink],
    ["IPv4", "1 IPv4 Address"],
    ["DDoS protection", product.ddos_protection],
  ];
  return (
    <Card as="article" title={product.name} className={styles.card}>
      <div className={styles.price}>
        <span className={styles.amount}>{formatEur(product.price)}</span>
        <span className={styles.per}>/ month</span>
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
        Order Now
      </Button>
    </Card>
  );
}
