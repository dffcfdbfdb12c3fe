/**
 * The demo data's practice certificate photos (医师执业证书): a PNG drawn with Skia
 * (@napi-rs/canvas) and the packaged Noto Sans SC, so the verification dialog shows a real image
 * of the certificate whose number it lists.
 */
import { CANVAS_FONT as FONT, loadCanvas } from '../../platform/canvas';

export interface CertificateFacts {
  name: string;
  sex: string;
  certNo: string;
  /** 执业地点 */
  place: string;
  /** 执业范围 */
  scope: string;
  issuedOn: string;
}

/** A 640x420 certificate page: border, title, the facts in two columns, the issuer's red seal. */
export async function drawCertificate(facts: CertificateFacts): Promise<Buffer> {
  const { createCanvas } = await loadCanvas();
  const canvas = createCanvas(640, 420);
  const g = canvas.getContext('2d');
  g.fillStyle = '#f7f3e8';
  g.fillRect(0, 0, 640, 420);
  g.strokeStyle = '#8a6d3b';
  g.lineWidth = 6;
  g.strokeRect(14, 14, 612, 392);
  g.lineWidth = 1.5;
  g.strokeRect(26, 26, 588, 368);
  g.fillStyle = '#7a1f1f';
  g.font = `34px ${FONT}`;
  g.textAlign = 'center';
  g.fillText('医师执业证书', 320, 84);
  g.font = `15px ${FONT}`;
  g.fillStyle = '#5a4a2a';
  g.fillText('中华人民共和国国家卫生健康委员会监制', 320, 112);
  g.textAlign = 'left';
  g.fillStyle = '#222';
  g.font = `19px ${FONT}`;
  const rows: [string, string][] = [
    ['姓名', facts.name],
    ['性别', facts.sex],
    ['证书编码', facts.certNo],
    ['执业类别', '临床'],
    ['执业范围', facts.scope],
    ['执业地点', facts.place],
  ];
  rows.forEach(([label, value], index) => {
    const y = 162 + index * 36;
    g.fillStyle = '#6b5a35';
    g.fillText(`${label}：`, 70, y);
    g.fillStyle = '#111';
    g.fillText(value, 170, y);
  });
  g.fillStyle = '#6b5a35';
  g.font = `15px ${FONT}`;
  g.fillText(`发证日期：${facts.issuedOn}`, 400, 372);
  // the issuer's seal
  g.strokeStyle = 'rgba(200, 30, 30, 0.85)';
  g.lineWidth = 4;
  g.beginPath();
  g.arc(520, 300, 52, 0, Math.PI * 2);
  g.stroke();
  g.fillStyle = 'rgba(200, 30, 30, 0.85)';
  g.font = `40px ${FONT}`;
  g.textAlign = 'center';
  g.fillText('★', 520, 314);
  g.font = `13px ${FONT}`;
  g.fillText('卫生健康委员会', 520, 272);
  return canvas.toBuffer('image/png');
}
