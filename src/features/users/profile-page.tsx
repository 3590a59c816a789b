import { PlaceholderPage } from '../../app/placeholder-page';

export default function Page() {
  return <PlaceholderPage title="Perfil" />;
}
