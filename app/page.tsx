import Link from "next/link";

export default function Home() {
  return (
    <main
      style={{
        fontFamily: "system-ui, sans-serif",
        maxWidth: 720,
        margin: "4rem auto",
        lineHeight: 1.5,
      }}
    >
      <h1>Agent Settlement Service</h1>
      <p>
        The API lives at <code>/v1</code> (production) and <code>/sandbox/v1</code> (sandbox).
      </p>
      <ul>
        <li>
          <Link href="/console">Developer console</Link> (keys, agents)
        </li>
        <li>
          <Link href="/docs/api">API reference</Link>
        </li>
        <li>
          <a href="/v1/openapi.json">OpenAPI document</a>
        </li>
      </ul>
    </main>
  );
}
