import { AuthCard } from './auth-card';

export default function Page() {
  return (
    <AuthCard title="Redefinir senha">
      <p className="muted">Esta tela estará disponível em breve.</p>
    </AuthCard>
  );
}
