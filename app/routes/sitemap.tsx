export default function Page() {
  return <h1>sitemap</h1>;
}
