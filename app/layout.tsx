import type { ReactNode } from "react";

export const metadata = {
  title: "Agent Settlement Service",
  description: "Register agents, negotiate, settle and verify receipts.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ margin: 0 }}>{children}</body>
    </html>
  );
}
