export default function Page() {
  return <h1>Edit</h1>;
}
