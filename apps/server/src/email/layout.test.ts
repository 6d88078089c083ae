import { describe, expect, it } from "vitest";
import { confirmEmailMessage, confirmNewEmailMessage, emailChangedMessage, existingAccountMessage, passwordChangedMessage, resetPasswordMessage } from "./auth-templates";
import { brandedEmail } from "./layout";

describe("the branded email layout", () => {
  it("gives every email the same branded HTML and the same words as plain text", () => {
    const confirm = confirmEmailMessage("ava@example.com", "https://app.example/api/auth/verify-email?token=abc&callbackURL=%2Fauth%2Fconfirmed");
    const existing = existingAccountMessage("ava@example.com", "https://app.example/signin");
    const reset = resetPasswordMessage("ava@example.com", "https://app.example/reset?token=r");
    const others = [
      reset,
      passwordChangedMessage("ava@example.com", "https://app.example/forgot"),
      confirmNewEmailMessage("new@example.com", "https://app.example/change?token=c"),
      emailChangedMessage("ava@example.com", "new@example.com", "https://app.example/forgot"),
    ];
    for (const mail of [confirm, existing, ...others]) {
      expect(mail.html).toContain('<div style="font-weight:700;font-size:18px;color:#4f46e5;margin-bottom:16px">Leakwarden</div>');
      expect(mail.html).toContain('<meta name="viewport"');
      expect(mail.text).toContain("Leakwarden finds leaked copies of creators' content and has them taken down.");
    }
    expect(confirm.subject).toBe("Confirm your email for Leakwarden");
    expect(confirm.text).toContain("Confirm my email: https://app.example/api/auth/verify-email?token=abc&callbackURL=%2Fauth%2Fconfirmed");
    expect(confirm.html).toContain('href="https://app.example/api/auth/verify-email?token=abc&#38;callbackURL=%2Fauth%2Fconfirmed"');
    expect(confirm.text).toContain("If you did not sign up, ignore this message.");
    expect(existing.text).toContain("Sign in: https://app.example/signin");
    expect(confirm.headers).toBeUndefined();
    expect(reset.text).toContain("Set a new password: https://app.example/reset?token=r");
    expect(reset.text).toContain("the link works once, for one hour");
  });

  it("escapes every value in the HTML part and names the unsubscribe link in a header", () => {
    const mail = brandedEmail({
      to: "ava@example.com",
      subject: "1 new leak found",
      intro: ['A <script>alert("x")</script> title'],
      list: ["https://leaks.example/a?b=<i>&c='d'"],
      figures: [{ label: "Still up", value: "1", url: "https://app.example/dashboard/leaks" }],
      footer: { reason: "You get this email because of your alert settings.", unsubscribeUrl: "https://app.example/v1/alerts/unsubscribe?token=t.s" },
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("A &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; title");
    expect(mail.html).toContain("https://leaks.example/a?b=&#60;i&#62;&#38;c=&#39;d&#39;");
    expect(mail.text).toContain("- https://leaks.example/a?b=<i>&c='d'");
    expect(mail.text).toContain("Still up: 1 (https://app.example/dashboard/leaks)");
    expect(mail.text).toContain("Unsubscribe: https://app.example/v1/alerts/unsubscribe?token=t.s");
    expect(mail.headers).toEqual({ "List-Unsubscribe": "<https://app.example/v1/alerts/unsubscribe?token=t.s>" });
  });
});
