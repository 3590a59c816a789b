/** A page of the route table that later work replaces with the real screen. */
export function PlaceholderPage({ title, text }: { title: string; text?: string }) {
  return (
    <section className="page">
      <h1>{title}</h1>
      <p className="muted">{text ?? 'Esta tela estará disponível em breve.'}</p>
    </section>
  );
}
