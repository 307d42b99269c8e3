export default function Page() {
  return <h1>learn</h1>;
}
