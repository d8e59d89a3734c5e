export default function Page() {
  return <div className="mx-auto max-w-7xl px-4 py-12"><h1 className="text-3xl font-bold">about</h1></div>;
}
