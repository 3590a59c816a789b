/**
 * pt-BR vocabulary for generated burial records: given names, surnames with their particles
 * ("da", "de", "dos"…), streets, birthplaces and epitaphs as a municipal cemetery in Minas
 * Gerais would hold them. Shared by the demo seed, the bulk seed CLI and, later, the search
 * work (accents, particles and common names are exactly what a search must cope with).
 */

/** "a, b, c" over several lines → ["a", "b", "c"] (keeps long lists compact). */
const list = (text: string): readonly string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export const FEMALE_NAMES = list(`
  Maria, Ana, Francisca, Antônia, Adriana, Juliana, Márcia, Fernanda, Patrícia, Aline,
  Sandra, Camila, Amanda, Bruna, Jéssica, Letícia, Júlia, Luciana, Vanessa, Mariana,
  Conceição, Aparecida, Benedita, Raimunda, Sebastiana, Terezinha, Luzia, Helena, Cecília,
  Inês, Lúcia, Iracema, Glória, Irene, Zuleica, Dalva, Neusa, Dirce, Odete, Alzira, Joana,
  Rosa, Rita, Tereza, Vera, Geralda, Efigênia, Nair, Zélia, Aurora
`);

export const MALE_NAMES = list(`
  José, João, Antônio, Francisco, Carlos, Paulo, Pedro, Lucas, Luiz, Marcos, Luís, Gabriel,
  Rafael, Daniel, Marcelo, Bruno, Eduardo, Felipe, Raimundo, Rodrigo, Sebastião, Benedito,
  Geraldo, Joaquim, Manoel, Severino, Otávio, Álvaro, Sérgio, Vicente, Osvaldo, Ademar,
  Aníbal, Caetano, Inácio, Brás, Tomé, Júlio, Expedito, Tarcísio, Waldemar, Zé Maria, Jair,
  Nélson, Ângelo
`);

/** Compound given names that families actually use (and searches must find whole). */
export const COMPOUND_NAMES = list(`
  Maria da Conceição, Maria das Graças, Maria Aparecida, Maria de Lourdes, Maria José,
  Maria do Carmo, Maria Auxiliadora, Ana Paula, Ana Maria, José Carlos, João Batista,
  Luiz Carlos, Antônio Carlos, José Maria, João Paulo, Francisco de Assis
`);

export const SURNAMES = list(`
  Silva, Santos, Oliveira, Souza, Rodrigues, Ferreira, Alves, Pereira, Lima, Gomes, Costa,
  Ribeiro, Martins, Carvalho, Almeida, Lopes, Soares, Fernandes, Vieira, Barbosa, Rocha,
  Dias, Nascimento, Andrade, Moreira, Nunes, Marques, Machado, Mendes, Freitas, Cardoso,
  Ramos, Gonçalves, Santana, Teixeira, Araújo, Brandão, Magalhães, Guimarães, Simões,
  Queiroz, Figueiredo, Damasceno, Aragão, Sampaio, Drummond, Rezende, Tavares, Coelho,
  Pinheiro
`);

/** Surnames that carry a particle: "de Souza", "da Silva", "dos Santos"… */
export const PARTICLE_SURNAMES = list(`
  da Silva, de Souza, dos Santos, de Oliveira, de Jesus, da Conceição, do Nascimento,
  das Neves, da Cruz, de Assis, dos Reis, da Costa, de Almeida, do Carmo, da Paixão,
  de Paula
`);

export const STREETS = list(`
  Rua 1, Rua 2, Rua 3, Rua 4, Rua 5, Rua 6, Rua 7, Rua 8, Rua 9, Rua 10, Rua 11, Rua 12,
  Rua das Flores, Rua da Saudade, Rua São João, Rua da Paz, Rua Santa Cruz, Rua do Cruzeiro,
  Rua Nossa Senhora Aparecida, Alameda dos Ipês, Alameda das Acácias, Alameda dos Anjos
`);

export const QUADRAS: readonly string[] = [
  ...Array.from({ length: 40 }, (_, i) => String(i + 1)),
  ...list('A, B, C, D, E, F, G, H'),
];

export const CEMITERIOS = list(`
  Cemitério Municipal da Saudade, Cemitério Municipal da Saudade,
  Cemitério Municipal da Saudade, Cemitério Municipal São João Batista
`);

export const BIRTHPLACES = list(`
  Ouro Preto - MG, Ouro Preto - MG, Ouro Preto - MG, Mariana - MG, Itabirito - MG,
  Belo Horizonte - MG, Congonhas - MG, Conselheiro Lafaiete - MG, Juiz de Fora - MG,
  São Paulo - SP, Rio de Janeiro - RJ, Salvador - BA, Vitória - ES, Recife - PE,
  Brasília - DF, Portugal, Itália, Líbano, Japão
`);

/** One per line (epitaphs hold commas). */
export const EPITAPHS: readonly string[] = `
Saudades eternas.
Aqui jaz um coração que amou e foi amado.
Sua memória vive em nós.
Eterna saudade de seus filhos, netos e bisnetos.
Combati o bom combate, terminei a corrida, guardei a fé. (2 Tm 4,7)
O amor é mais forte que a morte.
Partiu cedo, mas deixou luz por onde passou.
Esposa, mãe e avó dedicada.
Pai amoroso e amigo leal.
Eu sou a ressurreição e a vida. (Jo 11,25)
Quem ama nunca morre.
Descansa, guerreira. Tua missão foi cumprida.
Aos que ficam, a saudade; a quem partiu, a paz.
`
  .split('\n')
  .filter(Boolean);

/** A plausible municipal cemetery (Ouro Preto, MG); generated graves lie within ~100 m. */
export const CEMETERY_CENTER = { latitude: -20.3856, longitude: -43.5035 } as const;
