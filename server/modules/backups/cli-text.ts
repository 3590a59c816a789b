/** What the backup and restore commands share: their options and their pt-BR phrases. */

export function optionValue(args: string[], name: string): string | null {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1] ?? null;
  const inline = args.find((a) => a.startsWith(`${name}=`));
  return inline ? inline.slice(name.length + 1) : null;
}

export function stoppedServerMessage(
  pid: number,
  dataDir: string,
  what: 'backup' | 'restore',
): string {
  const hint =
    what === 'backup'
      ? 'Com o servidor no ar, a cópia é feita por ele: defina BACKUP_DIR, ou use "Cópias de segurança" no menu do administrador.'
      : 'Pare o servidor antes de restaurar.';
  return `O servidor está em execução neste DATA_DIR (${dataDir}, processo ${pid}) e o PGlite só admite um processo por pasta. ${hint} (Se o servidor certamente parou, apague ${dataDir}/server.pid.)`;
}

export function formatBytes(n: number): string {
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  if (n < 1024 * 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MiB`;
  return `${(n / 1024 / 1024 / 1024).toFixed(2)} GiB`;
}
