/**
 * The demo data's tax voucher documents, as the tax office and the platform's tax system print them:
 * the 税收完税证明 and the stamped 代扣代缴税款明细报告 as PNG pictures (Skia with the packaged Noto
 * Sans SC), and the 缴税清单 as a PDF of its persons.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { CANVAS_FONT, loadCanvas } from '../../platform/canvas';
import { renderPdf } from '../../platform/pdf';

export interface VoucherFacts {
  /** the withholding agent: the platform's company */
  agent: string;
  enterprise: string;
  taxPeriod: string;
  /** yuan text */
  incomeTax: string;
  valueAddedTax: string;
  surchargeTax: string;
  total: string;
  persons: number;
  /** 'yyyy-MM-dd' */
  paidOn: string;
  /** the certificate's number */
  serial: string;
}

const WIDTH = 760;
const HEIGHT = 500;

/** A red round seal with its owner's name along the top and a star in the middle. */
function seal(g: SKRSContext2D, x: number, y: number, owner: string) {
  g.save();
  g.strokeStyle = 'rgba(205, 30, 30, 0.85)';
  g.fillStyle = 'rgba(205, 30, 30, 0.85)';
  g.lineWidth = 4;
  g.beginPath();
  g.arc(x, y, 62, 0, Math.PI * 2);
  g.stroke();
  g.font = `36px ${CANVAS_FONT}`;
  g.textAlign = 'center';
  g.fillText('★', x, y + 12);
  g.font = `13px ${CANVAS_FONT}`;
  const chars = Array.from(owner);
  const spread = Math.min(Math.PI * 1.3, chars.length * 0.28);
  chars.forEach((char, index) => {
    const angle = -Math.PI / 2 - spread / 2 + (spread * (index + 0.5)) / chars.length;
    g.save();
    g.translate(x + Math.cos(angle) * 46, y + Math.sin(angle) * 46);
    g.rotate(angle + Math.PI / 2);
    g.fillText(char, 0, 5);
    g.restore();
  });
  g.restore();
}

async function page(title: string, subtitle: string, rows: Array<[string, string]>, sealOwner: string, footer: string) {
  const { createCanvas } = await loadCanvas();
  const canvas = createCanvas(WIDTH, HEIGHT);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fbfaf4';
  g.fillRect(0, 0, WIDTH, HEIGHT);
  g.strokeStyle = '#9a8a60';
  g.lineWidth = 2;
  g.strokeRect(18, 18, WIDTH - 36, HEIGHT - 36);
  g.fillStyle = '#7a1f1f';
  g.font = `30px ${CANVAS_FONT}`;
  g.textAlign = 'center';
  g.fillText(title, WIDTH / 2, 72);
  g.fillStyle = '#555';
  g.font = `14px ${CANVAS_FONT}`;
  g.fillText(subtitle, WIDTH / 2, 100);
  g.textAlign = 'left';
  rows.forEach(([label, value], index) => {
    const y = 150 + index * 38;
    g.strokeStyle = '#d8d0b8';
    g.lineWidth = 1;
    g.beginPath();
    g.moveTo(56, y + 12);
    g.lineTo(WIDTH - 56, y + 12);
    g.stroke();
    g.fillStyle = '#6b5a35';
    g.font = `17px ${CANVAS_FONT}`;
    g.fillText(label, 64, y);
    g.fillStyle = '#111';
    g.fillText(value, 250, y);
  });
  g.fillStyle = '#6b5a35';
  g.font = `13px ${CANVAS_FONT}`;
  g.fillText(footer, 56, HEIGHT - 44);
  seal(g, WIDTH - 150, HEIGHT - 110, sealOwner);
  return canvas.toBuffer('image/png');
}

/** 税收完税证明: what the tax office received from the withholding agent for the period. */
export function drawTaxCertificate(facts: VoucherFacts): Promise<Buffer> {
  return page(
    '中华人民共和国税收完税证明',
    `No. ${facts.serial}    填发日期：${facts.paidOn}`,
    [
      ['纳税人名称', facts.agent],
      ['税款所属期', facts.taxPeriod],
      ['个人所得税（代扣代缴）', `${facts.incomeTax} 元`],
      ['增值税', `${facts.valueAddedTax} 元`],
      ['城建税及教育费附加', `${facts.surchargeTax} 元`],
      ['实缴金额合计', `${facts.total} 元`],
    ],
    '国家税务总局上海市税务局',
    '妥善保管，此证明不作纳税人记账、抵扣凭证',
  );
}

/** 代扣代缴税款明细报告: the agent's own stamped account of whom the taxes were withheld for. */
export function drawWithholdingReport(facts: VoucherFacts): Promise<Buffer> {
  return page(
    '代扣代缴税款明细报告',
    `${facts.agent}    报告日期：${facts.paidOn}`,
    [
      ['用工企业', facts.enterprise],
      ['税款所属期', facts.taxPeriod],
      ['代扣人数', `${facts.persons} 人`],
      ['代扣个人所得税', `${facts.incomeTax} 元`],
      ['代扣增值税及附加', `${facts.valueAddedTax} 元 + ${facts.surchargeTax} 元`],
      ['已缴税额合计', `${facts.total} 元`],
    ],
    facts.agent,
    '本报告与缴税清单一并提供，盖章有效',
  );
}

/** 缴税清单（电子版）: the persons and their taxes, as a PDF. */
export function taxListPdf(
  facts: VoucherFacts,
  persons: ReadonlyArray<{ name: string; idCard: string; income: string; tax: string }>,
  at: Date,
): Promise<Uint8Array> {
  return renderPdf(
    {
      title: '缴税清单',
      subtitle: `${facts.enterprise}  税款所属期 ${facts.taxPeriod}`,
      subject: 'tax list',
      footer: `${facts.agent} ${facts.serial}`,
      sections: [
        {
          title: '汇总',
          fields: [
            ['扣缴义务人', facts.agent],
            ['用工企业', facts.enterprise],
            ['代扣人数', `${facts.persons} 人`],
            ['已缴税额合计', `${facts.total} 元`],
          ],
        },
        {
          title: '明细',
          table: {
            columns: [
              { header: '姓名', width: 0.2 },
              { header: '身份证号', width: 0.36 },
              { header: '应发金额（元）', width: 0.22, align: 'right' },
              { header: '代扣税额（元）', width: 0.22, align: 'right' },
            ],
            rows: persons.map((person) => [person.name, person.idCard, person.income, person.tax]),
          },
        },
      ],
    },
    at,
  );
}
