export default function Home() {
  return (
    <main>
      <h1>Nusapay sandbox</h1>
      <p>
        Open a payment link printed by <code>npm start</code>.
      </p>
    </main>
  );
}
