import type { Language, PageTexts } from './texts';

/**
 * The customer page in the certificate's other languages, each shown alone when chosen: a chunk of its own,
 * loaded by texts.ts's `loadLanguages` (most customers read English and German, which come with the page).
 */
export const otherPages: Record<Exclude<Language, 'en' | 'de'>, PageTexts> = {
  fr: {
    salutation: 'Chère cliente, cher client,',
    purchase: ['Félicitations pour l’achat de votre ', ' auprès de ', '.'],
    help: [
      'Pour toute question ou si vous avez besoin d’aide, n’hésitez pas à ',
      'nous contacter',
      '. Notre équipe est à votre disposition pour que votre ',
      ' vous donne entière satisfaction.',
    ],
    links:
      'Cliquez sur le bouton ci-dessous pour les spécifications du produit, la vidéo, la liste des pièces de rechange, le plan technique, le manuel d’utilisation, la fiche technique, ou pour contacter notre support.',
    button: 'PAGE DU PRODUIT',
    model: 'MODÈLE',
    serial: 'NUMÉRO DE SÉRIE',
    unconfirmed: 'NON CONFIRMÉ',
    withdrawn: 'RETIRÉ',
    statusReleased: 'LIBÉRÉ',
    statusFailed: 'NON CONFORME',
    statusAwaiting: 'PAS ENCORE LIBÉRÉ',
    withdrawnSerial:
      'Le fabricant a retiré ce numéro de série. Cet appareil n’est couvert par aucun rapport de contrôle valide ; veuillez nous contacter avant de l’utiliser.',
    verified: 'Numéro de série authentique, contrôlé le',
    corrected: 'Rapport de contrôle corrigé le',
    certificatePdf: 'Rapport de contrôle (PDF)',
    certificatePreparing: 'Le rapport de contrôle est en cours de préparation …',
    certificateLater:
      'Le rapport de contrôle n’est pas encore prêt. Veuillez réessayer dans quelques minutes.',
    unknownSerial:
      'Nous ne pouvons pas confirmer ce numéro de série pour ce modèle. Les informations ci-dessous concernent le modèle.',
    notFoundTitle: 'Machine introuvable',
    notFound:
      'Ce code QR ne mène à aucune machine que nous connaissons. Veuillez nous contacter en indiquant le numéro de série figurant sur la machine.',
    throttledTitle: 'Trop de demandes',
    throttled:
      'Ce réseau a consulté de nombreuses machines en peu de temps. Veuillez patienter une minute, puis réessayer.',
    failedTitle: 'La page n’a pas pu être chargée',
    failed: 'Veuillez vérifier votre connexion Internet et réessayer.',
    retry: 'RÉESSAYER',
    contactHeading: 'Des questions sur cet appareil ?',
    call: 'Appeler',
    write: 'Nous écrire',
    mailSubject: (model, serial) => (serial ? `${model}, numéro de série ${serial}` : model),
    mailBody: (model, serial) =>
      `Modèle : ${model}\n${serial ? `Numéro de série : ${serial}\n` : ''}\nMa question :\n`,
    verifyLink: 'Vérifier un rapport de contrôle',
  },
  es: {
    salutation: 'Estimada clienta, estimado cliente:',
    purchase: ['Enhorabuena por la compra de su ', ' de ', '.'],
    help: [
      'Si tiene alguna pregunta o necesita ayuda, no dude en ',
      'ponerse en contacto con nosotros',
      '. Nuestro equipo está a su disposición para que su ',
      ' le ofrezca la mejor experiencia posible.',
    ],
    links:
      'Haga clic en el botón de abajo para ver las especificaciones del producto, el vídeo, la lista de piezas de repuesto, el dibujo técnico, el manual de usuario y la hoja de datos, o para ponerse en contacto con nuestro servicio de asistencia.',
    button: 'PÁGINA DEL PRODUCTO',
    model: 'MODELO',
    serial: 'NÚMERO DE SERIE',
    unconfirmed: 'NO CONFIRMADO',
    withdrawn: 'RETIRADO',
    statusReleased: 'LIBERADO',
    statusFailed: 'NO SUPERADO',
    statusAwaiting: 'AÚN NO LIBERADO',
    withdrawnSerial:
      'El fabricante ha retirado este número de serie. Esta unidad no tiene un certificado de control válido; póngase en contacto con nosotros antes de utilizarla.',
    verified: 'Número de serie auténtico, verificado el',
    corrected: 'Certificado de control corregido el',
    certificatePdf: 'Certificado de control (PDF)',
    certificatePreparing: 'El certificado de control se está preparando …',
    certificateLater: 'El certificado de control aún no está listo. Vuelva a intentarlo en unos minutos.',
    unknownSerial:
      'No podemos confirmar este número de serie para este modelo. La información siguiente se refiere al modelo.',
    notFoundTitle: 'Máquina no encontrada',
    notFound:
      'Este código QR no lleva a ninguna máquina que conozcamos. Póngase en contacto con nosotros indicando el número de serie de la máquina.',
    throttledTitle: 'Demasiadas solicitudes',
    throttled:
      'Desde esta red se han consultado muchas máquinas en poco tiempo. Espere un minuto y vuelva a intentarlo.',
    failedTitle: 'No se ha podido cargar la página',
    failed: 'Compruebe su conexión a Internet y vuelva a intentarlo.',
    retry: 'VOLVER A INTENTAR',
    contactHeading: '¿Preguntas sobre este equipo?',
    call: 'Llamar',
    write: 'Escríbanos',
    mailSubject: (model, serial) => (serial ? `${model}, número de serie ${serial}` : model),
    mailBody: (model, serial) =>
      `Modelo: ${model}\n${serial ? `Número de serie: ${serial}\n` : ''}\nMi pregunta:\n`,
    verifyLink: 'Verificar un informe de ensayo',
  },
  it: {
    salutation: 'Gentile cliente,',
    purchase: ['Congratulazioni per aver acquistato ', ' da ', '.'],
    help: [
      'Per qualsiasi domanda o richiesta di assistenza, non esiti a ',
      'contattarci',
      '. Il nostro team è a sua disposizione perché possa utilizzare al meglio ',
      '.',
    ],
    links:
      'Faccia clic sul pulsante qui sotto per specifiche del prodotto, video, elenco dei ricambi, disegno tecnico, manuale d’uso, scheda tecnica o per contattare l’assistenza.',
    button: 'PAGINA DEL PRODOTTO',
    model: 'MODELLO',
    serial: 'NUMERO DI SERIE',
    unconfirmed: 'NON CONFERMATO',
    withdrawn: 'RITIRATO',
    statusReleased: 'RILASCIATO',
    statusFailed: 'NON SUPERATO',
    statusAwaiting: 'NON ANCORA RILASCIATO',
    withdrawnSerial:
      'Il produttore ha ritirato questo numero di serie. Questa unità non è coperta da un rapporto di controllo valido; contattateci prima di utilizzarla.',
    verified: 'Numero di serie autentico, collaudato il',
    corrected: 'Rapporto di controllo corretto il',
    certificatePdf: 'Rapporto di controllo (PDF)',
    certificatePreparing: 'Il rapporto di controllo è in preparazione …',
    certificateLater: 'Il rapporto di controllo non è ancora pronto. Riprovi tra qualche minuto.',
    unknownSerial:
      'Non possiamo confermare questo numero di serie per questo modello. Le informazioni qui sotto valgono per il modello.',
    notFoundTitle: 'Macchina non trovata',
    notFound:
      'Questo codice QR non porta a nessuna macchina a noi nota. La preghiamo di contattarci indicando il numero di serie riportato sulla macchina.',
    throttledTitle: 'Troppe richieste',
    throttled:
      'Da questa rete sono state consultate molte macchine in poco tempo. Attenda un minuto e riprovi.',
    failedTitle: 'Impossibile caricare la pagina',
    failed: 'Verifichi la connessione a Internet e riprovi.',
    retry: 'RIPROVA',
    contactHeading: 'Domande su questo apparecchio?',
    call: 'Chiamare',
    write: 'Scriveteci',
    mailSubject: (model, serial) => (serial ? `${model}, numero di serie ${serial}` : model),
    mailBody: (model, serial) =>
      `Modello: ${model}\n${serial ? `Numero di serie: ${serial}\n` : ''}\nLa mia domanda:\n`,
    verifyLink: 'Verificare un rapporto di prova',
  },
  pt: {
    salutation: 'Estimada cliente, estimado cliente,',
    purchase: ['Parabéns pela compra de ', ', da ', '.'],
    help: [
      'Se tiver alguma dúvida ou precisar de ajuda, não hesite em ',
      'contactar-nos',
      '. A nossa equipa está ao seu dispor para que tire o máximo partido de ',
      '.',
    ],
    links:
      'Clique no botão abaixo para ver as especificações do produto, o vídeo, a lista de peças sobresselentes, o desenho técnico, o manual de utilização e a ficha técnica, ou para contactar o nosso apoio.',
    button: 'PÁGINA DO PRODUTO',
    model: 'MODELO',
    serial: 'NÚMERO DE SÉRIE',
    unconfirmed: 'NÃO CONFIRMADO',
    withdrawn: 'RETIRADO',
    statusReleased: 'LIBERADO',
    statusFailed: 'REPROVADO',
    statusAwaiting: 'AINDA NÃO LIBERADO',
    withdrawnSerial:
      'O fabricante retirou este número de série. Esta unidade não está coberta por um certificado de controlo válido; contacte-nos antes de a utilizar.',
    verified: 'Número de série autêntico, verificado em',
    corrected: 'Certificado de controlo corrigido em',
    certificatePdf: 'Certificado de controlo (PDF)',
    certificatePreparing: 'O certificado de controlo está a ser preparado …',
    certificateLater:
      'O certificado de controlo ainda não está pronto. Tente novamente dentro de alguns minutos.',
    unknownSerial:
      'Não podemos confirmar este número de série para este modelo. As informações abaixo referem-se ao modelo.',
    notFoundTitle: 'Máquina não encontrada',
    notFound:
      'Este código QR não leva a nenhuma máquina que conheçamos. Contacte-nos indicando o número de série que está na máquina.',
    throttledTitle: 'Demasiados pedidos',
    throttled:
      'A partir desta rede foram consultadas muitas máquinas em pouco tempo. Aguarde um minuto e tente novamente.',
    failedTitle: 'Não foi possível carregar a página',
    failed: 'Verifique a sua ligação à Internet e tente novamente.',
    retry: 'TENTAR NOVAMENTE',
    contactHeading: 'Dúvidas sobre este aparelho?',
    call: 'Ligar',
    write: 'Escreva-nos',
    mailSubject: (model, serial) => (serial ? `${model}, número de série ${serial}` : model),
    mailBody: (model, serial) =>
      `Modelo: ${model}\n${serial ? `Número de série: ${serial}\n` : ''}\nA minha pergunta:\n`,
    verifyLink: 'Verificar um relatório de ensaio',
  },
};
