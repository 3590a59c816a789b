import { AuthCard } from './auth-card';

export default function Page() {
  return (
    <AuthCard title="Recuperar senha">
      <p className="muted">Esta tela estará disponível em breve.</p>
    </AuthCard>
  );
}
