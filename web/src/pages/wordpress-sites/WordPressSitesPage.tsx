export default function WordPressSitesPage() {
  return <h1>WordPress Sites</h1>;
}
