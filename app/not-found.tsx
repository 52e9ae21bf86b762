import "@/components/theme.css";
import { SiteFrame } from "@/components/site/site-frame";
import { SiteNotFound } from "@/components/site/site-not-found";

export const metadata = { title: "Page not found · Agent Settlement Service" };

export default function NotFound() {
  return (
    <SiteFrame>
      <SiteNotFound />
    </SiteFrame>
  );
}
