export function meta() {
  return [{ title: "Flipside" }];
}

export default function Home() {
  return (
    <main data-layout="home">
      <h1>Flipside</h1>
    </main>
  );
}
