export default function Home() {
  return <h1>Stop junk mail. Start fresh.</h1>;
}
