/**
 * Login for both sides (spec 1 §1, §2; DESIGN §3): side from the address or the tab, kept locally;
 * password RSA-OAEP encrypted under a fresh key; captcha once the server asks for it.
 */
import {
  ApartmentOutlined,
  LockOutlined,
  ReloadOutlined,
  SafetyCertificateOutlined,
  ThunderboltOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { ApiCode, INPUT_MAX_LENGTH, isLoginName, MSG, type Side } from '@fieldpay/domain';
import { Alert, Button, Form, Input, Segmented } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { RSA_INVALID_PUBLIC_KEY, RSA_MESSAGE_TOO_LONG, randomHex } from '../../api/crypto';
import { ApiError } from '../../api/http';
import { signSecret } from '../../app/app-config';
import { BrandMark, PRODUCT_NAME, PRODUCT_SUBTITLE } from '../../app/layout/BrandMark';
import { HOME_PATH } from '../../app/menu';
import { notifier } from '../../app/notify';
import { switchTenant } from '../../app/session-calls';
import { rememberedTenant, useSession } from '../../app/session-store';
import { SIDE_LABEL } from '../../app/side';
import { captchaImage, login } from './login-calls';
import './login.css';

interface LoginForm {
  username: string;
  password: string;
  captcha?: string;
}

interface Captcha {
  checkKey: string;
  image: string | null;
  failed: boolean;
}

const APP_CONFIG_MISSING = MSG.appConfigMissing;

const FEATURES = [
  { icon: <ApartmentOutlined />, title: '多租户协同', text: '平台、租户与企业分级管理，数据严格隔离' },
  { icon: <SafetyCertificateOutlined />, title: '合规结算', text: '任务审核、结算审批、完税凭证全流程留痕' },
  { icon: <ThunderboltOutlined />, title: '高效发薪', text: '银行直连批量代发，结果实时回传' },
];

function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message === RSA_MESSAGE_TOO_LONG) return MSG.rsaMessageTooLong;
  if (error instanceof Error && error.message === RSA_INVALID_PUBLIC_KEY) return MSG.rsaInvalidPublicKey;
  return MSG.networkError;
}

const wantsCaptcha = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.code === ApiCode.captchaRequired ||
    (typeof error.result === 'object' && error.result !== null && 'captchaRequired' in error.result
      ? Boolean((error.result as { captchaRequired?: boolean }).captchaRequired)
      : false));

export default function LoginPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const storedSide = useSession((state) => state.side);
  const setSide = useSession((state) => state.setSide);
  const addressSide = searchParams.get('side');
  const side: Side = addressSide === 'enterprise' || addressSide === 'platform' ? addressSide : storedSide;
  const [form] = Form.useForm<LoginForm>();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);

  useEffect(() => {
    if (side !== storedSide) setSide(side);
  }, [side, storedSide, setSide]);

  useEffect(() => {
    document.title = `登录 - ${PRODUCT_NAME}`;
  }, []);

  const refreshCaptcha = useCallback(async () => {
    const checkKey = randomHex(16);
    setCaptcha({ checkKey, image: null, failed: false });
    form.setFieldValue('captcha', '');
    try {
      const image = await captchaImage(checkKey);
      setCaptcha((current) => (current?.checkKey === checkKey ? { checkKey, image, failed: false } : current));
    } catch {
      setCaptcha((current) => (current?.checkKey === checkKey ? { checkKey, image: null, failed: true } : current));
    }
  }, [form]);

  const chooseSide = (next: Side) => {
    setSide(next);
    setSearchParams({ side: next }, { replace: true });
    setError(null);
  };

  const submit = async (values: LoginForm) => {
    if (!signSecret()) {
      setError(APP_CONFIG_MISSING);
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const username = values.username.trim();
      const remembered = rememberedTenant(useSession.getState().tenantChoice, username);
      let info = await login(side, {
        username,
        password: values.password,
        ...(captcha ? { captcha: values.captcha?.trim() ?? '', checkKey: captcha.checkKey } : {}),
      });
      // The enterprise user's tenant choice is kept 7 days: go back to it.
      if (
        side === 'enterprise' &&
        remembered !== null &&
        remembered !== info.tenant.id &&
        info.tenantList.some((tenant) => tenant.id === remembered)
      ) {
        info = await switchTenant(remembered, info.token).catch(() => info);
      }
      useSession.getState().signIn(info, side);
      notifier().success(MSG.loginSuccess);
      navigate(HOME_PATH, { replace: true });
    } catch (failure) {
      setError(failureText(failure));
      if (captcha || wantsCaptcha(failure)) void refreshCaptcha();
      form.setFieldValue('password', '');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="login-page">
      <section className="login-hero" aria-label={PRODUCT_NAME}>
        <div className="login-hero-brand">
          <BrandMark size={44} />
          <div>
            <div className="login-hero-name">{PRODUCT_NAME}</div>
            <div className="login-hero-subtitle">{PRODUCT_SUBTITLE}</div>
          </div>
        </div>
        <div className="login-hero-body">
          <h1 className="login-hero-title">
            让每一笔众包结算
            <br />
            合规、透明、准时到账
          </h1>
          <p className="login-hero-tagline">从项目派单、任务审核到结算发薪与发票完税，一个控制台全部完成。</p>
          <ul className="login-hero-features">
            {FEATURES.map((feature) => (
              <li key={feature.title}>
                <span className="login-hero-feature-icon">{feature.icon}</span>
                <span>
                  <strong>{feature.title}</strong>
                  <span className="login-hero-feature-text">{feature.text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div className="login-hero-footer">
          © {new Date().getFullYear()} {PRODUCT_NAME} · 仅限授权人员使用
        </div>
      </section>

      <section className="login-panel">
        <div className="login-card">
          <h2 className="login-card-title">欢迎登录</h2>
          <p className="login-card-subtitle">请使用{SIDE_LABEL[side]}账号登录控制台</p>
          <Segmented<Side>
            block
            size="large"
            className="login-side"
            value={side}
            onChange={chooseSide}
            options={[
              { value: 'platform', label: SIDE_LABEL.platform },
              { value: 'enterprise', label: SIDE_LABEL.enterprise },
            ]}
          />
          {error && <Alert className="login-error" type="error" showIcon title={error} role="alert" />}
          <Form<LoginForm>
            form={form}
            layout="vertical"
            size="large"
            requiredMark={false}
            onFinish={submit}
            onValuesChange={() => setError(null)}
            autoComplete="on"
          >
            <Form.Item
              name="username"
              label="登录账号"
              rules={[
                { required: true, whitespace: true, message: MSG.loginNameRequired },
                // an 11-digit mobile number, or the operator's admin (the shared login-number rule)
                {
                  validator: (_, value: string | undefined) =>
                    !value?.trim() || isLoginName(value.trim())
                      ? Promise.resolve()
                      : Promise.reject(new Error(MSG.loginNameInvalid)),
                },
              ]}
            >
              <Input prefix={<UserOutlined />} placeholder="请输入登录账号" autoComplete="username" maxLength={32} />
            </Form.Item>
            <Form.Item name="password" label="密码" rules={[{ required: true, message: MSG.passwordRequired }]}>
              <Input.Password
                prefix={<LockOutlined />}
                placeholder="请输入密码"
                autoComplete="current-password"
                maxLength={INPUT_MAX_LENGTH.password}
              />
            </Form.Item>
            {captcha && (
              <Form.Item label="验证码" required>
                <div className="login-captcha">
                  <Form.Item
                    name="captcha"
                    noStyle
                    rules={[{ required: true, whitespace: true, message: MSG.captchaRequired }]}
                  >
                    <Input placeholder="请输入验证码" maxLength={8} autoComplete="off" />
                  </Form.Item>
                  <button
                    type="button"
                    className="login-captcha-image"
                    onClick={() => void refreshCaptcha()}
                    title="看不清？点击刷新"
                    aria-label="刷新验证码"
                  >
                    {captcha.image ? (
                      <img src={captcha.image} alt="验证码" />
                    ) : (
                      <span className="login-captcha-placeholder">
                        <ReloadOutlined /> {captcha.failed ? '加载失败，点击重试' : '加载中'}
                      </span>
                    )}
                  </button>
                </div>
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" block loading={submitting} className="login-submit">
              {submitting ? '正在登录…' : '登 录'}
            </Button>
          </Form>
          <p className="login-help">忘记密码或账号被锁定，请联系平台管理员处理</p>
        </div>
      </section>
    </div>
  );
}
