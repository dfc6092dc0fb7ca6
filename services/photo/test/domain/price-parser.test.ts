import { describe, expect, it } from 'vitest';
import type { DetectedPrice } from '@laundry/contracts';
import { detectServices, parsePrices } from '../../src/domain/price-parser.ts';

const price = (
  amount: number,
  currency: string | null,
  unit: DetectedPrice['unit'],
  item: DetectedPrice['item'],
): DetectedPrice => ({ amount, currency, unit, item });

describe('parsePrices', () => {
  it.each<[string, string, DetectedPrice[]]>([
    ['a small wash per load', 'Small washer $3.50 per load', [price(3.5, 'USD', 'load', 'wash small')]],
    ['a large wash with a slash', 'Large washer $5.25 / load', [price(5.25, 'USD', 'load', 'wash large')]],
    ['a wash of no stated size', 'Wash $4.00', [price(4, 'USD', null, 'wash')]],
    ['a dryer per 15 minutes', 'Dryer $1.00 per 15 min', [price(1, 'USD', '15min', 'dry')]],
    ['a dryer per 30 minutes', 'Dry 30 mins: £2.40', [price(2.4, 'GBP', '30min', 'dry')]],
    ['wash and fold by the pound', 'Wash & Fold $1.75/lb', [price(1.75, 'USD', 'lb', 'wash and fold')]],
    ['lb read by OCR as Ib', 'Wash & Fold $1.75/Ib', [price(1.75, 'USD', 'lb', 'wash and fold')]],
    ['service wash by the kilo', 'Service wash 2,50 € per kg', [price(2.5, 'EUR', 'kg', 'wash and fold')]],
    [
      'a currency code after the amount',
      'Double load washer 6.00 CAD',
      [price(6, 'CAD', null, 'wash large')],
    ],
    ['a currency code before the amount', 'Detergent AUD 1.50', [price(1.5, 'AUD', null, 'detergent')]],
    ['yen without decimals', 'Washer ¥400', [price(400, 'JPY', null, 'wash')]],
    ['cents', 'Soap 75¢', [price(0.75, 'USD', null, 'detergent')]],
    ['a bare amount with two decimals', 'Top loader 2.75', [price(2.75, null, null, 'wash small')]],
    ['a French board', 'Séchage 30 min 2,00 €', [price(2, 'EUR', '30min', 'dry')]],
    ['a Spanish board', 'Lavado 4,50 EUR', [price(4.5, 'EUR', null, 'wash')]],
    ['dry cleaning is not a dryer price', 'Dry cleaning $8.00', [price(8, 'USD', null, null)]],
    ['a line naming nothing known', 'Parking $2.00', [price(2, 'USD', null, null)]],
  ])('when the line is %s, then it reads the price', (_name, line, expected) => {
    expect(parsePrices(line)).toEqual(expected);
  });

  it.each([
    ['a whole number with a unit', '40 lb washer'],
    ['a time', 'Open 7:00 - 22:00'],
    ['a phone number', 'Call 555 0134'],
    ['no text', ''],
  ])('when the line is %s, then no price is read', (_name, line) => {
    expect(parsePrices(line)).toEqual([]);
  });

  it('when one line holds two prices, then each takes the words just before it', () => {
    expect(parsePrices('Small $3.50   Large $5.25 per load')).toEqual([
      price(3.5, 'USD', null, 'wash small'),
      price(5.25, 'USD', 'load', 'wash large'),
    ]);
  });

  it('when a heading line names the machines, then the prices under it are for them', () => {
    const board = ['WASHERS', 'Small $3.50', 'Large $5.25', '', 'DRYERS', '$1.00 per 15 min'].join('\n');
    expect(parsePrices(board)).toEqual([
      price(3.5, 'USD', null, 'wash small'),
      price(5.25, 'USD', null, 'wash large'),
      price(1, 'USD', '15min', 'dry'),
    ]);
  });
});

describe('detectServices', () => {
  it.each<[string, string, string[]]>([
    ['a self-service board', 'SELF SERVICE LAUNDROMAT - coins only', ['self-service', 'coin-payment']],
    ['wash and fold with cards', 'Wash & Fold service. We accept Visa', ['wash-and-fold', 'card-payment']],
    ['dry cleaning and wifi', 'Dry cleaning drop point. Free WiFi', ['dry-cleaning', 'wifi']],
    ['always open', 'OPEN 24/7', ['open-24-hours']],
    ['nothing known', 'Welcome', []],
  ])('when the text is %s, then it names those services', (_name, text, expected) => {
    expect(detectServices(text)).toEqual(expected);
  });
});
