import type { Language } from '@laundry/contracts';

/** Every word an invoice or credit note prints, in the five languages of the product. */
export interface InvoiceText {
  invoice: string;
  invoiceTest: string;
  creditNote: string;
  creditNoteTest: string;
  creditNoteNumber: string;
  correctsInvoice: string;
  reason: string;
  refundReference: string;
  refundedNet: string;
  totalRefunded: string;
  refundNote: string;
  number: string;
  issued: string;
  seller: string;
  buyer: string;
  taxId: string;
  advertiser: string;
  statement: string;
  periodLabel: string;
  period: (from: string, to: string) => string;
  paymentReference: string;
  nothingToCharge: string;
  campaign: string;
  otherEntries: string;
  impressionsClicks: (impressions: number, clicks: number) => string;
  spend: string;
  fee: (rate: string) => string;
  charged: string;
  subtotal: string;
  vat: (rate: string, country: string) => string;
  noTax: string;
  reverseChargeLine: string;
  reverseCharge: string;
  total: string;
  testNote: string;
  roundingNote: string;
}

export const invoiceTexts: Record<Language, InvoiceText> = {
  en: {
    invoice: 'Invoice',
    invoiceTest: 'Invoice (test mode)',
    creditNote: 'Credit note',
    creditNoteTest: 'Credit note (test mode)',
    creditNoteNumber: 'Credit note number',
    correctsInvoice: 'Corrects invoice',
    reason: 'Reason',
    refundReference: 'Refund reference',
    refundedNet: 'Ad spend and fee refunded',
    totalRefunded: 'Total refunded',
    refundNote: 'This amount was refunded to the card the invoice was charged to.',
    number: 'Invoice number',
    issued: 'Issued',
    seller: 'Seller',
    buyer: 'Bill to',
    taxId: 'Tax id',
    advertiser: 'Advertiser',
    statement: 'Statement',
    periodLabel: 'Period',
    period: (from, to) => `${from} to ${to} (end exclusive, UTC)`,
    paymentReference: 'Payment reference',
    nothingToCharge: 'Nothing to charge',
    campaign: 'Campaign',
    otherEntries: 'Without a campaign',
    impressionsClicks: (i, c) => `${i} impressions, ${c} clicks`,
    spend: 'Ad spend',
    fee: (rate) => `Fee (${rate})`,
    charged: 'Charged',
    subtotal: 'Subtotal',
    vat: (rate, country) => `VAT ${rate} (${country})`,
    noTax: 'No VAT charged',
    reverseChargeLine: 'VAT 0%',
    reverseCharge: 'Reverse charge: VAT to be accounted for by the recipient',
    total: 'Total charged',
    testNote: 'Test mode: no money was moved.',
    roundingNote:
      'Ad spend is the sum of every counted impression and click in the period, rounded to the cent once ' +
      '(half up; to the whole yen for JPY); the platform fee is its rate of that amount, rounded the same way; tax is its rate of both.',
  },
  fr: {
    invoice: 'Facture',
    invoiceTest: 'Facture (mode test)',
    creditNote: 'Avoir',
    creditNoteTest: 'Avoir (mode test)',
    creditNoteNumber: 'Numéro d’avoir',
    correctsInvoice: 'Facture rectifiée',
    reason: 'Motif',
    refundReference: 'Référence du remboursement',
    refundedNet: 'Dépenses publicitaires et frais remboursés',
    totalRefunded: 'Total remboursé',
    refundNote: 'Ce montant a été remboursé sur la carte débitée pour la facture.',
    number: 'Numéro de facture',
    issued: 'Date d’émission',
    seller: 'Vendeur',
    buyer: 'Facturé à',
    taxId: 'N° de TVA',
    advertiser: 'Annonceur',
    statement: 'Relevé',
    periodLabel: 'Période',
    period: (from, to) => `du ${from} au ${to} (fin exclue, UTC)`,
    paymentReference: 'Référence de paiement',
    nothingToCharge: 'Rien à débiter',
    campaign: 'Campagne',
    otherEntries: 'Hors campagne',
    impressionsClicks: (i, c) => `${i} impressions, ${c} clics`,
    spend: 'Dépenses publicitaires',
    fee: (rate) => `Frais (${rate})`,
    charged: 'Débité',
    subtotal: 'Sous-total',
    vat: (rate, country) => `TVA ${rate} (${country})`,
    noTax: 'Aucune TVA facturée',
    reverseChargeLine: 'TVA 0 %',
    reverseCharge: 'Autoliquidation : TVA due par le preneur',
    total: 'Total débité',
    testNote: 'Mode test : aucun argent n’a été débité.',
    roundingNote:
      'Les dépenses publicitaires sont la somme des impressions et clics comptés sur la période, arrondie une ' +
      'fois au centime (au plus proche ; au yen entier pour le JPY) ; les frais de plateforme sont leur taux de ce montant, arrondis de même ; ' +
      'la taxe est son taux des deux.',
  },
  es: {
    invoice: 'Factura',
    invoiceTest: 'Factura (modo de prueba)',
    creditNote: 'Factura rectificativa',
    creditNoteTest: 'Factura rectificativa (modo de prueba)',
    creditNoteNumber: 'Número de factura rectificativa',
    correctsInvoice: 'Rectifica la factura',
    reason: 'Motivo',
    refundReference: 'Referencia del reembolso',
    refundedNet: 'Gasto publicitario y comisión reembolsados',
    totalRefunded: 'Total reembolsado',
    refundNote: 'Este importe se reembolsó a la tarjeta con la que se cobró la factura.',
    number: 'Número de factura',
    issued: 'Fecha de emisión',
    seller: 'Vendedor',
    buyer: 'Facturar a',
    taxId: 'NIF/IVA',
    advertiser: 'Anunciante',
    statement: 'Extracto',
    periodLabel: 'Periodo',
    period: (from, to) => `del ${from} al ${to} (fin excluido, UTC)`,
    paymentReference: 'Referencia de pago',
    nothingToCharge: 'Nada que cobrar',
    campaign: 'Campaña',
    otherEntries: 'Sin campaña',
    impressionsClicks: (i, c) => `${i} impresiones, ${c} clics`,
    spend: 'Gasto publicitario',
    fee: (rate) => `Comisión (${rate})`,
    charged: 'Cobrado',
    subtotal: 'Subtotal',
    vat: (rate, country) => `IVA ${rate} (${country})`,
    noTax: 'Sin IVA',
    reverseChargeLine: 'IVA 0 %',
    reverseCharge: 'Inversión del sujeto pasivo: IVA a liquidar por el destinatario',
    total: 'Total cobrado',
    testNote: 'Modo de prueba: no se movió dinero.',
    roundingNote:
      'El gasto publicitario es la suma de cada impresión y clic contados en el periodo, redondeada al céntimo ' +
      'una vez (mitad hacia arriba; al yen entero en JPY); la comisión es su tasa de ese importe, redondeada igual; el impuesto, su tasa de ambos.',
  },
  zh: {
    invoice: '发票',
    invoiceTest: '发票（测试模式）',
    creditNote: '贷项通知单',
    creditNoteTest: '贷项通知单（测试模式）',
    creditNoteNumber: '贷项通知单编号',
    correctsInvoice: '更正发票',
    reason: '原因',
    refundReference: '退款参考',
    refundedNet: '退还的广告支出和服务费',
    totalRefunded: '退款合计',
    refundNote: '该金额已退回到支付此发票的银行卡。',
    number: '发票编号',
    issued: '开具日期',
    seller: '销售方',
    buyer: '购买方',
    taxId: '税号',
    advertiser: '广告主',
    statement: '账单',
    periodLabel: '期间',
    period: (from, to) => `${from} 至 ${to}（不含结束日，UTC）`,
    paymentReference: '付款参考',
    nothingToCharge: '无需扣款',
    campaign: '广告活动',
    otherEntries: '无广告活动',
    impressionsClicks: (i, c) => `${i} 次展示，${c} 次点击`,
    spend: '广告支出',
    fee: (rate) => `服务费（${rate}）`,
    charged: '已扣款',
    subtotal: '小计',
    vat: (rate, country) => `增值税 ${rate}（${country}）`,
    noTax: '未收取增值税',
    reverseChargeLine: '增值税 0%',
    reverseCharge: '反向征收：增值税由接收方申报缴纳',
    total: '扣款合计',
    testNote: '测试模式：未发生实际扣款。',
    roundingNote:
      '广告支出为本期所有计数展示和点击的总和，仅四舍五入到分一次（日元则取整到一日元）；平台服务费按费率计算并同样取整；税额按税率计算两者之和。',
  },
  hi: {
    invoice: 'चालान',
    invoiceTest: 'चालान (परीक्षण मोड)',
    creditNote: 'क्रेडिट नोट',
    creditNoteTest: 'क्रेडिट नोट (परीक्षण मोड)',
    creditNoteNumber: 'क्रेडिट नोट संख्या',
    correctsInvoice: 'सुधारा गया चालान',
    reason: 'कारण',
    refundReference: 'धनवापसी संदर्भ',
    refundedNet: 'लौटाया गया विज्ञापन खर्च और शुल्क',
    totalRefunded: 'कुल धनवापसी',
    refundNote: 'यह राशि उसी कार्ड में लौटा दी गई है जिससे चालान का भुगतान हुआ था।',
    number: 'चालान संख्या',
    issued: 'जारी करने की तिथि',
    seller: 'विक्रेता',
    buyer: 'बिल प्राप्तकर्ता',
    taxId: 'कर पहचान संख्या',
    advertiser: 'विज्ञापनदाता',
    statement: 'विवरण',
    periodLabel: 'अवधि',
    period: (from, to) => `${from} से ${to} तक (अंतिम तिथि छोड़कर, UTC)`,
    paymentReference: 'भुगतान संदर्भ',
    nothingToCharge: 'कोई शुल्क नहीं',
    campaign: 'अभियान',
    otherEntries: 'बिना अभियान',
    impressionsClicks: (i, c) => `${i} इंप्रेशन, ${c} क्लिक`,
    spend: 'विज्ञापन खर्च',
    fee: (rate) => `शुल्क (${rate})`,
    charged: 'वसूला गया',
    subtotal: 'उप-योग',
    vat: (rate, country) => `वैट ${rate} (${country})`,
    noTax: 'कोई वैट नहीं लिया गया',
    reverseChargeLine: 'वैट 0%',
    reverseCharge: 'रिवर्स चार्ज: वैट का हिसाब प्राप्तकर्ता द्वारा किया जाएगा',
    total: 'कुल वसूली',
    testNote: 'परीक्षण मोड: कोई पैसा नहीं लिया गया।',
    roundingNote:
      'विज्ञापन खर्च अवधि में गिने गए हर इंप्रेशन और क्लिक का योग है, जिसे एक बार सेंट तक (JPY में पूरे येन तक) पूर्णांकित किया जाता है; ' +
      'प्लेटफ़ॉर्म शुल्क उस राशि की दर है, उसी तरह पूर्णांकित; कर दोनों पर उसकी दर है।',
  },
};
