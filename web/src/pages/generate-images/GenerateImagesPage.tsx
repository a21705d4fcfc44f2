export default function GenerateImagesPage() {
  return <h1>Generate Images</h1>;
}
