import "@/components/theme.css";
import { LandingPage } from "@/components/site/landing-page";
import { SiteFrame } from "@/components/site/site-frame";

export default function Home() {
  return (
    <SiteFrame>
      <LandingPage />
    </SiteFrame>
  );
}
