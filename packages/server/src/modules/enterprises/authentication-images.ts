/**
 * The demo data's authentication pictures (decision 0038): a business licence and both sides of the
 * legal person's ID card, drawn with Skia (@napi-rs/canvas) and the packaged Noto Sans SC, each marked
 * 样本 (specimen), so 认证信息 shows real images of the facts it lists.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { CANVAS_FONT as FONT, loadCanvas } from '../../platform/canvas';

export interface LicenceFacts {
  name: string;
  taxNumber: string;
  legalPerson: string;
  address: string;
  registeredOn: string;
}

/** A 640x440 business licence: the national emblem's place, the facts, the registrar's seal. */
export async function drawBusinessLicence(facts: LicenceFacts): Promise<Buffer> {
  const { createCanvas } = await loadCanvas();
  const canvas = createCanvas(640, 440);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fbf7ee';
  g.fillRect(0, 0, 640, 440);
  g.strokeStyle = '#b08a3e';
  g.lineWidth = 8;
  g.strokeRect(12, 12, 616, 416);
  g.fillStyle = '#9b1c1c';
  g.textAlign = 'center';
  g.font = `36px ${FONT}`;
  g.fillText('营 业 执 照', 320, 78);
  g.font = `14px ${FONT}`;
  g.fillStyle = '#333';
  g.fillText(`统一社会信用代码  ${facts.taxNumber}`, 320, 108);
  g.textAlign = 'left';
  const rows: [string, string][] = [
    ['名称', facts.name],
    ['类型', '有限责任公司（自然人投资或控股）'],
    ['法定代表人', facts.legalPerson],
    ['成立日期', facts.registeredOn],
    ['住所', facts.address],
  ];
  rows.forEach(([label, value], index) => {
    const y = 158 + index * 40;
    g.font = `17px ${FONT}`;
    g.fillStyle = '#6b5a35';
    g.fillText(label, 56, y);
    g.fillStyle = '#111';
    g.fillText(value.length > 26 ? `${value.slice(0, 26)}…` : value, 170, y);
  });
  stamp(g, 520, 360, '市场监督管理局');
  specimen(g, 640, 440);
  return canvas.toBuffer('image/png');
}

export interface IdCardFacts {
  name: string;
  idCard: string;
  address: string;
}

/** A 428x270 ID card side: the portrait side (信息面) with the facts, or the emblem side (国徽面). */
export async function drawIdCardSide(side: 'front' | 'back', facts: IdCardFacts): Promise<Buffer> {
  const { createCanvas } = await loadCanvas();
  const canvas = createCanvas(428, 270);
  const g = canvas.getContext('2d');
  g.fillStyle = side === 'front' ? '#eef4f8' : '#f3f1ea';
  g.fillRect(0, 0, 428, 270);
  g.strokeStyle = '#9fb3c8';
  g.lineWidth = 2;
  g.strokeRect(4, 4, 420, 262);
  g.textAlign = 'left';
  if (side === 'front') {
    const rows: [string, string][] = [
      ['姓名', facts.name],
      ['住址', facts.address.length > 14 ? `${facts.address.slice(0, 14)}…` : facts.address],
    ];
    rows.forEach(([label, value], index) => {
      g.font = `14px ${FONT}`;
      g.fillStyle = '#5d7891';
      g.fillText(label, 28, 56 + index * 42);
      g.fillStyle = '#111';
      g.font = `17px ${FONT}`;
      g.fillText(value, 78, 56 + index * 42);
    });
    g.font = `14px ${FONT}`;
    g.fillStyle = '#5d7891';
    g.fillText('公民身份号码', 28, 228);
    g.fillStyle = '#111';
    g.font = `18px ${FONT}`;
    g.fillText(facts.idCard, 130, 228);
    // the portrait's place
    g.fillStyle = '#d5e0ea';
    g.fillRect(300, 30, 100, 124);
  } else {
    g.textAlign = 'center';
    g.fillStyle = '#9b1c1c';
    g.font = `22px ${FONT}`;
    g.fillText('中华人民共和国', 250, 70);
    g.font = `30px ${FONT}`;
    g.fillText('居民身份证', 250, 112);
    g.textAlign = 'left';
    g.fillStyle = '#333';
    g.font = `14px ${FONT}`;
    g.fillText('签发机关    公安局', 120, 200);
    g.fillText('有效期限    2016.05.12-2036.05.12', 120, 232);
    g.fillStyle = '#c8a23c';
    g.beginPath();
    g.arc(62, 80, 38, 0, Math.PI * 2);
    g.fill();
  }
  specimen(g, 428, 270);
  return canvas.toBuffer('image/png');
}

function stamp(g: SKRSContext2D, x: number, y: number, issuer: string) {
  g.strokeStyle = 'rgba(200, 30, 30, 0.85)';
  g.lineWidth = 4;
  g.beginPath();
  g.arc(x, y, 50, 0, Math.PI * 2);
  g.stroke();
  g.fillStyle = 'rgba(200, 30, 30, 0.85)';
  g.textAlign = 'center';
  g.font = `36px ${FONT}`;
  g.fillText('★', x, y + 12);
  g.font = `12px ${FONT}`;
  g.fillText(issuer, x, y - 22);
  g.textAlign = 'left';
}

/** 样本 across the picture: the demo's pictures are specimens, never mistaken for a real document. */
function specimen(g: SKRSContext2D, width: number, height: number) {
  g.save();
  g.translate(width / 2, height / 2);
  g.rotate(-Math.PI / 8);
  g.fillStyle = 'rgba(220, 60, 60, 0.18)';
  g.textAlign = 'center';
  g.font = `${Math.round(height / 3)}px ${FONT}`;
  g.fillText('样本', 0, height / 10);
  g.restore();
}

/** A 320x400 face photo for a person's verification (decision 0044): a plain portrait silhouette. */
export async function drawFacePhoto(): Promise<Buffer> {
  const { createCanvas } = await loadCanvas();
  const canvas = createCanvas(320, 400);
  const g = canvas.getContext('2d');
  g.fillStyle = '#dfe8f1';
  g.fillRect(0, 0, 320, 400);
  g.fillStyle = '#8aa0b6';
  g.beginPath();
  g.arc(160, 150, 70, 0, Math.PI * 2);
  g.fill();
  g.beginPath();
  g.ellipse(160, 380, 130, 120, 0, Math.PI, 0);
  g.fill();
  specimen(g, 320, 400);
  return canvas.toBuffer('image/png');
}

/** A 560x400 certificate (a further authentication or a skill certificate): its title, holder and lines. */
export async function drawCertificate(title: string, holder: string, lines: readonly string[]): Promise<Buffer> {
  const { createCanvas } = await loadCanvas();
  const canvas = createCanvas(560, 400);
  const g = canvas.getContext('2d');
  g.fillStyle = '#fffdf6';
  g.fillRect(0, 0, 560, 400);
  g.strokeStyle = '#3f6b9a';
  g.lineWidth = 6;
  g.strokeRect(10, 10, 540, 380);
  g.fillStyle = '#1f3f66';
  g.textAlign = 'center';
  g.font = `30px ${FONT}`;
  g.fillText(title, 280, 80);
  g.textAlign = 'left';
  g.font = `18px ${FONT}`;
  g.fillStyle = '#222';
  for (const [index, line] of [`持证人：${holder}`, ...lines].entries()) g.fillText(line, 60, 150 + index * 40);
  stamp(g, 450, 320, '发证机关');
  specimen(g, 560, 400);
  return canvas.toBuffer('image/png');
}
