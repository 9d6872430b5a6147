import { CataloguePage } from "../features/shop/components/catalogue-page";

/** /products/dedicated (SPEC §2). */
export default function DedicatedProductsPage() {
  return <CataloguePage type="dedicated" />;
}
