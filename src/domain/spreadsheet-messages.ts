/** pt-BR texts of the spreadsheet export and import (server answers, admin screen, CLI). */
export const SHEET_MSG = {
  forbidden: 'Apenas administradores podem exportar ou importar planilhas.',
  noFile: 'Envie um arquivo CSV ou XLSX no campo "arquivo".',
  notSpreadsheet: 'O arquivo não é uma planilha CSV ou XLSX legível.',
  tooLarge: (mb: number) => `A planilha passa de ${mb} MB. Divida-a em arquivos menores.`,
  tooManyRows: (max: number) =>
    `A planilha tem mais de ${max.toLocaleString('pt-BR')} linhas. Divida-a em arquivos menores.`,
  tooManyColumns: (max: number) => `A planilha tem mais de ${max} colunas.`,
  empty: 'A planilha está vazia: a primeira linha deve ter os nomes das colunas.',
  badMapping: 'O mapeamento das colunas é inválido.',
  duplicateMapping: (label: string) => `Mais de uma coluna foi ligada ao campo "${label}".`,
  formula: 'Fórmulas não são aceitas: digite o valor (ou comece a célula com apóstrofo).',
  badId: 'Identificador inválido: deixe vazio para criar um registro novo.',
  unknownId: 'Nenhum registro com este identificador: deixe vazio para criar um registro novo.',
  duplicateId: 'Este identificador aparece em mais de uma linha da planilha.',
  alreadyPresent:
    'Já cadastrado: há um registro com o mesmo nome, data de falecimento, quadra e placa neste cemitério. A linha não será gravada de novo.',
  repeatedRow: (linha: number) =>
    `Repete a linha ${linha} da planilha (mesmo nome, data de falecimento, quadra, placa e cemitério): não será gravada de novo.`,
  importFailed:
    'A importação parou por um erro no servidor. Os lotes já gravados ficaram; confira e envie a planilha de novo.',
} as const;
