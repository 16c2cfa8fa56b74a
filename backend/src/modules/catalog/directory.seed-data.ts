/**
 * Countries of the store views and their regions with Magento 2.4's region ids and codes
 * (directory_country_region after InitializeDirectoryData and the 2.4.9 code updates for DE, FR,
 * ES and the Swiss name update). Australia and Mexico come from later patches, whose ids follow
 * the install order: these are those of a fresh 2.4 install with the core patches only.
 * Countries listed without regions take the region as free text here.
 */
type RegionSeed = [id: number, code: string, name: string];

const sequence = (firstId: number, rows: [string, string][]): RegionSeed[] => rows.map(([code, name], i) => [firstId + i, code, name]);

export const COUNTRY_SEED: { id: string; iso3: string; name: string; regions: RegionSeed[] }[] = [
  {
    id: 'US',
    iso3: 'USA',
    name: 'United States',
    regions: sequence(1, [
      ['AL', 'Alabama'], ['AK', 'Alaska'], ['AS', 'American Samoa'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['AE', 'Armed Forces Africa'],
      ['AA', 'Armed Forces Americas'], ['AE', 'Armed Forces Canada'], ['AE', 'Armed Forces Europe'], ['AE', 'Armed Forces Middle East'],
      ['AP', 'Armed Forces Pacific'], ['CA', 'California'], ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'],
      ['DC', 'District of Columbia'], ['FM', 'Federated States Of Micronesia'], ['FL', 'Florida'], ['GA', 'Georgia'], ['GU', 'Guam'],
      ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'],
      ['LA', 'Louisiana'], ['ME', 'Maine'], ['MH', 'Marshall Islands'], ['MD', 'Maryland'], ['MA', 'Massachusetts'], ['MI', 'Michigan'],
      ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'],
      ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'], ['NY', 'New York'], ['NC', 'North Carolina'],
      ['ND', 'North Dakota'], ['MP', 'Northern Mariana Islands'], ['OH', 'Ohio'], ['OK', 'Oklahoma'], ['OR', 'Oregon'], ['PW', 'Palau'],
      ['PA', 'Pennsylvania'], ['PR', 'Puerto Rico'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
      ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VI', 'Virgin Islands'], ['VA', 'Virginia'],
      ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
    ]),
  },
  {
    id: 'CA',
    iso3: 'CAN',
    name: 'Canada',
    regions: sequence(66, [
      ['AB', 'Alberta'], ['BC', 'British Columbia'], ['MB', 'Manitoba'], ['NL', 'Newfoundland and Labrador'], ['NB', 'New Brunswick'],
      ['NS', 'Nova Scotia'], ['NT', 'Northwest Territories'], ['NU', 'Nunavut'], ['ON', 'Ontario'], ['PE', 'Prince Edward Island'],
      ['QC', 'Quebec'], ['SK', 'Saskatchewan'], ['YT', 'Yukon Territory'],
    ]),
  },
  {
    id: 'DE',
    iso3: 'DEU',
    name: 'Germany',
    regions: sequence(79, [
      ['NI', 'Niedersachsen'], ['BW', 'Baden-Württemberg'], ['BY', 'Bayern'], ['BE', 'Berlin'], ['BB', 'Brandenburg'], ['HB', 'Bremen'],
      ['HH', 'Hamburg'], ['HE', 'Hessen'], ['MV', 'Mecklenburg-Vorpommern'], ['NW', 'Nordrhein-Westfalen'], ['RP', 'Rheinland-Pfalz'],
      ['SL', 'Saarland'], ['SN', 'Sachsen'], ['ST', 'Sachsen-Anhalt'], ['SH', 'Schleswig-Holstein'], ['TH', 'Thüringen'],
    ]),
  },
  {
    id: 'CH',
    iso3: 'CHE',
    name: 'Switzerland',
    regions: sequence(104, [
      ['AG', 'Aargau'], ['AI', 'Appenzell Innerrhoden'], ['AR', 'Appenzell Ausserrhoden'], ['BE', 'Bern'], ['BL', 'Basel-Landschaft'],
      ['BS', 'Basel-Stadt'], ['FR', 'Friburg'], ['GE', 'Geneva'], ['GL', 'Glarus'], ['GR', 'Graubünden'], ['JU', 'Jura'], ['LU', 'Lucerne'],
      ['NE', 'Neuchâtel'], ['NW', 'Nidwalden'], ['OW', 'Obwalden'], ['SG', 'St. Gallen'], ['SH', 'Schaffhausen'], ['SO', 'Solothurn'],
      ['SZ', 'Schwyz'], ['TG', 'Thurgau'], ['TI', 'Ticino'], ['UR', 'Uri'], ['VD', 'Vaud'], ['VS', 'Wallis'], ['ZG', 'Zug'], ['ZH', 'Zürich'],
    ]),
  },
  {
    id: 'ES',
    iso3: 'ESP',
    name: 'Spain',
    regions: sequence(130, [
      ['ES-C', 'A Coruña [La Coruña]'], ['ES-VI', 'Araba'], ['ES-AB', 'Albacete'], ['ES-A', 'Alacant'], ['ES-AL', 'Almería'],
      ['ES-AS', 'Asturias, Principado de'], ['ES-AV', 'Ávila'], ['ES-BA', 'Badajoz'], ['ES-IB', 'Illes Balears [Islas Baleares]'],
      ['ES-B', 'Barcelona'], ['ES-BU', 'Burgos'], ['ES-CC', 'Cáceres'], ['ES-CA', 'Cádiz'], ['ES-CB', 'Cantabria'], ['ES-CS', 'Castellón'],
      ['ES-CE', 'Ceuta'], ['ES-CR', 'Ciudad Real'], ['ES-CO', 'Córdoba'], ['ES-CU', 'Cuenca'], ['ES-GI', 'Girona [Gerona]'],
      ['ES-GR', 'Granada'], ['ES-GU', 'Guadalajara'], ['ES-SS', 'Gipuzkoa'], ['ES-H', 'Huelva'], ['ES-HU', 'Huesca'], ['ES-J', 'Jaén'],
      ['ES-LO', 'La Rioja'], ['ES-GC', 'Las Palmas'], ['ES-LE', 'León'], ['ES-L', 'Lleida [Lérida]'], ['ES-LU', 'Lugo'],
      ['ES-MD', 'Madrid, Comunidad de'], ['ES-MA', 'Málaga'], ['ES-ML', 'Melilla'], ['ES-MU', 'Murcia'], ['ES-NA', 'Navarra'],
      ['ES-OR', 'Ourense [Orense]'], ['ES-P', 'Palencia'], ['ES-PO', 'Pontevedra'], ['ES-SA', 'Salamanca'],
      ['ES-TF', 'Santa Cruz de Tenerife'], ['ES-SG', 'Segovia'], ['ES-SE', 'Sevilla'], ['ES-SO', 'Soria'], ['ES-T', 'Tarragona'],
      ['ES-TE', 'Teruel'], ['ES-TO', 'Toledo'], ['ES-VC', 'Valenciana, Comunidad'], ['ES-VA', 'Valladolid'], ['ES-ZA', 'Zamora'],
      ['ES-Z', 'Zaragoza'],
    ]),
  },
  {
    id: 'FR',
    iso3: 'FRA',
    name: 'France',
    regions: sequence(182, [
      ['01', 'Ain'], ['02', 'Aisne'], ['03', 'Allier'], ['04', 'Alpes-de-Haute-Provence'], ['05', 'Hautes-Alpes'], ['06', 'Alpes-Maritimes'],
      ['07', 'Ardèche'], ['08', 'Ardennes'], ['09', 'Ariège'], ['10', 'Aube'], ['11', 'Aude'], ['12', 'Aveyron'], ['13', 'Bouches-du-Rhône'],
      ['14', 'Calvados'], ['15', 'Cantal'], ['16', 'Charente'], ['17', 'Charente-Maritime'], ['18', 'Cher'], ['19', 'Corrèze'],
      ['2A', 'Corse-du-Sud'], ['2B', 'Haute-Corse'], ['21', "Côte-d'Or"], ['22', "Côtes-d'Armor"], ['23', 'Creuse'], ['24', 'Dordogne'],
      ['25', 'Doubs'], ['26', 'Drôme'], ['27', 'Eure'], ['28', 'Eure-et-Loir'], ['29', 'Finistère'], ['30', 'Gard'], ['31', 'Haute-Garonne'],
      ['32', 'Gers'], ['33', 'Gironde'], ['34', 'Hérault'], ['35', 'Ille-et-Vilaine'], ['36', 'Indre'], ['37', 'Indre-et-Loire'],
      ['38', 'Isère'], ['39', 'Jura'], ['40', 'Landes'], ['41', 'Loir-et-Cher'], ['42', 'Loire'], ['43', 'Haute-Loire'],
      ['44', 'Loire-Atlantique'], ['45', 'Loiret'], ['46', 'Lot'], ['47', 'Lot-et-Garonne'], ['48', 'Lozère'], ['49', 'Maine-et-Loire'],
      ['50', 'Manche'], ['51', 'Marne'], ['52', 'Haute-Marne'], ['53', 'Mayenne'], ['54', 'Meurthe-et-Moselle'], ['55', 'Meuse'],
      ['56', 'Morbihan'], ['57', 'Moselle'], ['58', 'Nièvre'], ['59', 'Nord'], ['60', 'Oise'], ['61', 'Orne'], ['62', 'Pas-de-Calais'],
      ['63', 'Puy-de-Dôme'], ['64', 'Pyrénées-Atlantiques'], ['65', 'Hautes-Pyrénées'], ['66', 'Pyrénées-Orientales'], ['67', 'Bas-Rhin'],
      ['68', 'Haut-Rhin'], ['69', 'Rhône'], ['70', 'Haute-Saône'], ['71', 'Saône-et-Loire'], ['72', 'Sarthe'], ['73', 'Savoie'],
      ['74', 'Haute-Savoie'], ['75C', 'Paris'], ['76', 'Seine-Maritime'], ['77', 'Seine-et-Marne'], ['78', 'Yvelines'], ['79', 'Deux-Sèvres'],
      ['80', 'Somme'], ['81', 'Tarn'], ['82', 'Tarn-et-Garonne'], ['83', 'Var'], ['84', 'Vaucluse'], ['85', 'Vendée'], ['86', 'Vienne'],
      ['87', 'Haute-Vienne'], ['88', 'Vosges'], ['89', 'Yonne'], ['90', 'Territoire-de-Belfort'], ['91', 'Essonne'], ['92', 'Hauts-de-Seine'],
      ['93', 'Seine-Saint-Denis'], ['94', 'Val-de-Marne'], ['95', "Val-d'Oise"],
    ]),
  },
  {
    id: 'AU',
    iso3: 'AUS',
    name: 'Australia',
    regions: sequence(569, [
      ['ACT', 'Australian Capital Territory'], ['NSW', 'New South Wales'], ['VIC', 'Victoria'], ['QLD', 'Queensland'],
      ['SA', 'South Australia'], ['TAS', 'Tasmania'], ['WA', 'Western Australia'], ['NT', 'Northern Territory'],
    ]),
  },
  {
    id: 'MX',
    iso3: 'MEX',
    name: 'Mexico',
    regions: sequence(674, [
      ['AGU', 'Aguascalientes'], ['BCN', 'Baja California'], ['BCS', 'Baja California Sur'], ['CAM', 'Campeche'], ['CHP', 'Chiapas'],
      ['CHH', 'Chihuahua'], ['CMX', 'Ciudad de México'], ['COA', 'Coahuila'], ['COL', 'Colima'], ['DUR', 'Durango'],
      ['MEX', 'Estado de México'], ['GUA', 'Guanajuato'], ['GRO', 'Guerrero'], ['HID', 'Hidalgo'], ['JAL', 'Jalisco'], ['MIC', 'Michoacán'],
      ['MOR', 'Morelos'], ['NAY', 'Nayarit'], ['NLE', 'Nuevo León'], ['OAX', 'Oaxaca'], ['PUE', 'Puebla'], ['QUE', 'Querétaro'],
      ['ROO', 'Quintana Roo'], ['SLP', 'San Luis Potosí'], ['SIN', 'Sinaloa'], ['SON', 'Sonora'], ['TAB', 'Tabasco'], ['TAM', 'Tamaulipas'],
      ['TLA', 'Tlaxcala'], ['VER', 'Veracruz'], ['YUC', 'Yucatán'], ['ZAC', 'Zacatecas'],
    ]),
  },
  // Magento has no regions for these: the region is typed as free text.
  { id: 'GB', iso3: 'GBR', name: 'United Kingdom', regions: [] },
  { id: 'NL', iso3: 'NLD', name: 'Netherlands', regions: [] },
  { id: 'HK', iso3: 'HKG', name: 'Hong Kong SAR China', regions: [] },
  // the other countries the shop ships to (commerce module's SHIPPING_COUNTRIES); their regions are optional
  { id: 'AT', iso3: 'AUT', name: 'Austria', regions: [] },
  { id: 'BE', iso3: 'BEL', name: 'Belgium', regions: [] },
  { id: 'DK', iso3: 'DNK', name: 'Denmark', regions: [] },
  { id: 'FI', iso3: 'FIN', name: 'Finland', regions: [] },
  { id: 'IE', iso3: 'IRL', name: 'Ireland', regions: [] },
  { id: 'IT', iso3: 'ITA', name: 'Italy', regions: [] },
  { id: 'LU', iso3: 'LUX', name: 'Luxembourg', regions: [] },
  { id: 'NZ', iso3: 'NZL', name: 'New Zealand', regions: [] },
  { id: 'PT', iso3: 'PRT', name: 'Portugal', regions: [] },
  { id: 'SE', iso3: 'SWE', name: 'Sweden', regions: [] },
];
