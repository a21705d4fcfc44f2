export default function SeoAnalysisPage() {
  return <h1>SEO Analysis</h1>;
}
