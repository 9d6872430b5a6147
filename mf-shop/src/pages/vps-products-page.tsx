import { CataloguePage } from "../features/shop/components/catalogue-page";

/** /products/vps (SPEC §2). */
export default function VpsProductsPage() {
  return <CataloguePage type="vps" />;
}
