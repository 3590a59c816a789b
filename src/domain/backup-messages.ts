/** pt-BR texts of the backups: the server's answers and the admin screen "Cópias de segurança". */
export const BACKUP_MSG = {
  forbidden: 'Apenas administradores podem fazer ou baixar cópias de segurança.',
  notConfigured:
    'As cópias de segurança do servidor estão desligadas: defina BACKUP_DIR (a pasta onde ficam) e reinicie o servidor.',
  running: 'Uma cópia de segurança já está em andamento. Aguarde o fim dela.',
  notFound: 'Cópia de segurança não encontrada.',
  failed: 'A cópia de segurança falhou. Veja o registro do servidor.',
} as const;

/** What each step of a backup is called on the screen. */
export const BACKUP_STEP_LABEL = {
  banco: 'Copiando o banco de dados',
  imagens: 'Copiando as imagens',
  gravando: 'Gravando o manifesto',
} as const;
