import type { DefaultTextGroup } from "./types";

/**
 * Privacy policy. Each section has a title and a text; paragraphs inside a text
 * are separated by a blank line ("\n\n").
 */
export default {
  category: "privacy",
  texts: {
    "privacy-page-title": {
      label: "Browser title",
      en: "Privacy Policy",
      fa: "سیاست حفظ حریم خصوصی",
      zh: "隐私政策",
    },
    "privacy-meta-description": {
      label: "Meta description",
      en: "How our Vancouver law firm collects, uses, keeps and protects personal information submitted through this website, under BC's Personal Information Protection Act.",
      fa: "اینکه دفتر حقوقی ما در ونکوور چگونه اطلاعات شخصی ارسال‌شده از طریق این وب‌سایت را بر اساس قانون حمایت از اطلاعات شخصی بریتیش کلمبیا گردآوری، استفاده، نگهداری و حفاظت می‌کند.",
      zh: "本所如何依据不列颠哥伦比亚省《个人信息保护法》收集、使用、保存和保护通过本网站提交的个人信息。",
    },
    "privacy-title": {
      label: "Heading",
      en: "Privacy Policy",
      fa: "سیاست حفظ حریم خصوصی",
      zh: "隐私政策",
    },
    "privacy-last-updated": {
      label: "Last updated line",
      en: "Last updated: November 2026",
      fa: "آخرین به‌روزرسانی: نوامبر ۲۰۲۶",
      zh: "最后更新：2026年11月",
    },
    "privacy-intro": {
      label: "Introduction",
      en: "Your privacy matters to us. This policy explains what personal information our website collects, why we collect it, how long we keep it, who we share it with, and how you can access or correct it.",
      fa: "حریم خصوصی شما برای ما اهمیت دارد. این سیاست توضیح می‌دهد که وب‌سایت ما چه اطلاعات شخصی‌ای گردآوری می‌کند، به چه دلیل، تا چه مدت آن را نگه می‌دارد، آن را با چه کسانی به اشتراک می‌گذارد و شما چگونه می‌توانید به آن دسترسی داشته باشید یا آن را اصلاح کنید.",
      zh: "我们重视您的隐私。本政策说明本网站收集哪些个人信息、收集的原因、保存期限、与谁共享，以及您如何查阅或更正这些信息。",
    },
    "privacy-toc-title": {
      label: "Table of contents heading",
      en: "On this page",
      fa: "در این صفحه",
      zh: "本页目录",
    },
    "privacy-section-1-title": {
      label: "Section 1: title",
      en: "Who we are",
      fa: "درباره ما",
      zh: "关于我们",
    },
    "privacy-section-1-text": {
      label: "Section 1: text",
      en: "This website is operated by our law firm, whose office is at Suite 200, 000 Example Street, Vancouver, BC V6B 1A1. In this policy, “we”, “us” and “our” refer to the firm. We are responsible for the personal information under our control and handle it in accordance with British Columbia's Personal Information Protection Act (PIPA) and, where it applies, the federal Personal Information Protection and Electronic Documents Act (PIPEDA).\n\nThis policy covers personal information collected through this website. If you become a client, your information is also protected by our professional duty of confidentiality as lawyers and by the terms of your retainer agreement.",
      fa: "این وب‌سایت متعلق به دفتر حقوقی ما به نشانی Suite 200, 000 Example Street, Vancouver, BC V6B 1A1 است و توسط همین دفتر اداره می‌شود. در این سیاست، منظور از «ما» همین دفتر است. ما مسئول اطلاعات شخصی‌ای هستیم که در اختیار داریم و آن را مطابق با قانون حمایت از اطلاعات شخصی بریتیش کلمبیا (PIPA) و، در مواردی که کاربرد داشته باشد، قانون فدرال حمایت از اطلاعات شخصی و اسناد الکترونیکی (PIPEDA) مدیریت می‌کنیم.\n\nاین سیاست شامل اطلاعات شخصی‌ای است که از طریق این وب‌سایت گردآوری می‌شود. اگر موکل ما شوید، اطلاعات شما افزون بر این، به موجب تعهد حرفه‌ای ما به رازداری به‌عنوان وکیل و نیز شرایط قرارداد وکالت شما حفاظت می‌شود.",
      zh: "本网站由本所运营，办公地址为 Suite 200, 000 Example Street, Vancouver, BC V6B 1A1。本政策中的“我们”均指本所。我们对所掌管的个人信息负责，并依据不列颠哥伦比亚省《个人信息保护法》（PIPA）以及在适用情况下的联邦《个人信息保护和电子文件法》（PIPEDA）处理这些信息。\n\n本政策适用于通过本网站收集的个人信息。如果您成为本所客户，您的信息还将受到我们作为律师的职业保密义务以及您的委托协议条款的保护。",
    },
    "privacy-section-2-title": {
      label: "Section 2: title",
      en: "What information we collect",
      fa: "چه اطلاعاتی گردآوری می‌کنیم",
      zh: "我们收集哪些信息",
    },
    "privacy-section-2-text": {
      label: "Section 2: text",
      en: "When you use our contact form, we collect your name, email address, phone number (optional), the subject of your message and the message itself. If you subscribe to our newsletter, we collect your email address.\n\nWhen you visit the site, our servers record technical information in server logs, such as your IP address, the pages you request, the date and time, and your browser type. We use this information to keep the site secure and to limit repeated form submissions (rate limiting). We do not use advertising trackers, analytics profiling or advertising cookies. The only cookie we set is a strictly necessary session cookie when firm staff sign in to the site's administration area; visitors do not receive it.",
      fa: "هنگامی که از فرم تماس ما استفاده می‌کنید، نام، نشانی ایمیل، شماره تلفن (اختیاری)، موضوع پیام و متن پیام شما را دریافت می‌کنیم. اگر در خبرنامه ما مشترک شوید، نشانی ایمیل شما را دریافت می‌کنیم.\n\nهنگام بازدید از سایت، سرورهای ما اطلاعات فنی مانند نشانی IP، صفحه‌های درخواستی، تاریخ و ساعت و نوع مرورگر شما را در گزارش‌های سرور ثبت می‌کنند. از این اطلاعات برای حفظ امنیت سایت و محدود کردن ارسال‌های مکرر فرم استفاده می‌کنیم. ما از ردیاب‌های تبلیغاتی، نمایه‌سازی تحلیلی یا کوکی‌های تبلیغاتی استفاده نمی‌کنیم. تنها کوکی‌ای که تنظیم می‌کنیم، یک کوکی نشست کاملاً ضروری است که فقط هنگام ورود کارکنان دفتر به بخش مدیریت سایت ایجاد می‌شود و برای بازدیدکنندگان تنظیم نمی‌شود.",
      zh: "当您使用联系表单时，我们会收集您的姓名、电子邮件地址、电话号码（选填）、留言主题及留言内容。如果您订阅我们的电子通讯，我们会收集您的电子邮件地址。\n\n当您访问本网站时，我们的服务器会在服务器日志中记录技术信息，例如您的 IP 地址、所访问的页面、日期和时间以及浏览器类型。我们使用这些信息保障网站安全，并限制重复提交表单（频率限制）。我们不使用广告追踪器、分析画像或广告 Cookie。我们唯一设置的 Cookie 是本所员工登录网站管理后台时所需的、严格必要的会话 Cookie；普通访客不会收到该 Cookie。",
    },
    "privacy-section-3-title": {
      label: "Section 3: title",
      en: "Features provided by other services",
      fa: "امکاناتی که سرویس‌های دیگر ارائه می‌دهند",
      zh: "由第三方服务提供的功能",
    },
    "privacy-section-3-text": {
      label: "Section 3: text",
      en: "Some features of this site are provided by other services: the embedded office map on our contact page, the external booking page, video meetings and the chat button, which opens a messaging app. When you use one of these features, its provider receives information such as your IP address and may set its own cookies, under its own privacy policy.\n\nThe map is loaded from the map provider when you view the contact page. The booking page, video meetings and chat button are used only if you choose to use them.",
      fa: "برخی از امکانات این سایت را سرویس‌های دیگری ارائه می‌دهند: نقشه دفتر که در صفحه تماس با ما نمایش داده می‌شود، صفحه رزرو خارجی، جلسه‌های تصویری و دکمه گفت‌وگو که یک پیام‌رسان را باز می‌کند. هنگامی که از هر یک از این امکانات استفاده می‌کنید، ارائه‌دهنده آن اطلاعاتی مانند نشانی IP شما را دریافت می‌کند و ممکن است طبق سیاست حفظ حریم خصوصی خودش کوکی‌هایی تنظیم کند.\n\nنقشه هنگام مشاهده صفحه تماس با ما از سرویس نقشه بارگذاری می‌شود. صفحه رزرو، جلسه‌های تصویری و دکمه گفت‌وگو فقط در صورتی به کار می‌روند که خودتان استفاده از آن‌ها را انتخاب کنید.",
      zh: "本网站的部分功能由第三方服务提供：联系页面中嵌入的办公室地图、外部预约页面、视频会议，以及可打开即时通讯应用的聊天按钮。当您使用这些功能时，相关服务提供商会收到您的 IP 地址等信息，并可能依据其自身的隐私政策设置 Cookie。\n\n当您浏览联系页面时，地图会从地图服务提供商处加载。预约页面、视频会议和聊天按钮仅在您主动选择使用时才会启用。",
    },
    "privacy-section-4-title": {
      label: "Section 4: title",
      en: "Why we use your information",
      fa: "چرا از اطلاعات شما استفاده می‌کنیم",
      zh: "我们为何使用您的信息",
    },
    "privacy-section-4-text": {
      label: "Section 4: text",
      en: "We use your information to respond to your inquiry, check for conflicts of interest and decide whether we can help you, arrange and hold consultations, send you the newsletter you asked for, protect the website against misuse and spam, and meet our legal and professional obligations.\n\nWe collect only what we need for these purposes. We do not use your information for any other purpose without your consent, unless the law requires or permits it. By sending us a message or subscribing to our newsletter, you consent to the uses described in this policy.",
      fa: "ما از اطلاعات شما برای این منظورها استفاده می‌کنیم: پاسخ به درخواست شما، بررسی تعارض منافع و تصمیم‌گیری درباره اینکه آیا می‌توانیم به شما کمک کنیم، تنظیم و برگزاری جلسه‌های مشاوره، ارسال خبرنامه‌ای که درخواست کرده‌اید، محافظت از وب‌سایت در برابر سوءاستفاده و هرزنامه، و انجام تکالیف قانونی و حرفه‌ای خود.\n\nتنها اطلاعاتی را گردآوری می‌کنیم که برای همین منظورها لازم است. بدون رضایت شما، از اطلاعاتتان برای هیچ منظور دیگری استفاده نمی‌کنیم، مگر آنکه قانون آن را الزامی یا مجاز بداند. با ارسال پیام یا اشتراک در خبرنامه، با استفاده‌هایی که در این سیاست شرح داده شده است موافقت می‌کنید.",
      zh: "我们使用您的信息来回复您的咨询、进行利益冲突审查并判断能否为您提供帮助、安排和进行咨询、向您发送您所订阅的电子通讯、防止网站被滥用和垃圾信息侵扰，以及履行我们的法律和职业义务。\n\n我们仅收集实现上述目的所需的信息。除非法律要求或允许，未经您同意，我们不会将您的信息用于任何其他目的。向我们发送留言或订阅电子通讯，即表示您同意本政策所述的使用方式。",
    },
    "privacy-section-5-title": {
      label: "Section 5: title",
      en: "No lawyer-client relationship through the website",
      fa: "تماس از طریق وب‌سایت رابطه وکیل و موکل ایجاد نمی‌کند",
      zh: "通过网站联系不构成律师与客户关系",
    },
    "privacy-section-5-text": {
      label: "Section 5: text",
      en: "Contacting us through this website does not make you our client and does not create a lawyer-client relationship. We can act for you only after we have checked for conflicts of interest and agreed in writing to represent you.\n\nUntil then, please do not send confidential information, documents or time-sensitive details through the form. If you are facing an urgent deadline, please call our office.",
      fa: "تماس با ما از طریق این وب‌سایت شما را موکل ما نمی‌کند و رابطه وکیل و موکل ایجاد نمی‌کند. ما تنها پس از بررسی تعارض منافع و توافق کتبی برای وکالت می‌توانیم نماینده شما باشیم.\n\nتا آن زمان، لطفاً اطلاعات محرمانه، اسناد یا جزئیات مربوط به مهلت‌های فوری را از طریق فرم ارسال نکنید. اگر با مهلتی فوری روبه‌رو هستید، لطفاً با دفتر ما تماس تلفنی بگیرید.",
      zh: "通过本网站与我们联系，并不使您成为本所客户，也不建立律师与客户关系。只有在我们完成利益冲突审查并以书面形式同意代理您之后，才能为您提供代理。\n\n在此之前，请勿通过表单发送机密信息、文件或涉及紧急期限的详情。如果您面临紧迫的期限，请直接致电本所。",
    },
    "privacy-section-6-title": {
      label: "Section 6: title",
      en: "How long we keep your information",
      fa: "اطلاعات شما را تا چه مدت نگه می‌داریم",
      zh: "信息保存期限",
    },
    "privacy-section-6-text": {
      label: "Section 6: text",
      en: "Contact form messages are deleted within 24 months of receipt, unless they become part of a client file. Information in a client file is kept for as long as our professional record-keeping obligations require.\n\nNewsletter email addresses are kept until you unsubscribe. Server logs and rate-limiting records are kept only as long as they are needed for security, and are then deleted.",
      fa: "پیام‌های فرم تماس ظرف ۲۴ ماه پس از دریافت حذف می‌شوند، مگر آنکه بخشی از پرونده یک موکل شوند. اطلاعات موجود در پرونده موکل تا زمانی نگهداری می‌شود که تکالیف حرفه‌ای ما در زمینه نگهداری سوابق اقتضا کند.\n\nنشانی‌های ایمیل مشترکان خبرنامه تا زمان لغو اشتراک نگهداری می‌شوند. گزارش‌های سرور و سوابق مربوط به محدودسازی ارسال فقط تا زمانی که برای حفظ امنیت لازم باشند نگهداری و سپس حذف می‌شوند.",
      zh: "联系表单留言将在收到后 24 个月内删除，除非其已成为客户案卷的一部分。客户案卷中的信息将按照我们的职业记录保存义务所要求的期限保存。\n\n电子通讯订阅者的电子邮件地址将保存至您取消订阅为止。服务器日志和频率限制记录仅在安全所需的期限内保存，之后即予删除。",
    },
    "privacy-section-7-title": {
      label: "Section 7: title",
      en: "Who we share it with",
      fa: "اطلاعات شما را با چه کسانی به اشتراک می‌گذاریم",
      zh: "我们与谁共享信息",
    },
    "privacy-section-7-text": {
      label: "Section 7: text",
      en: "We do not sell, rent or trade personal information. We share it only with service providers that help us run the website and our email, such as our hosting and email providers, and only to the extent they need it to provide their services. They are required to protect it and may not use it for their own purposes.\n\nWe may also disclose personal information where the law requires or permits it, for example in response to a court order.",
      fa: "ما اطلاعات شخصی را نمی‌فروشیم، اجاره نمی‌دهیم و معاوضه نمی‌کنیم. این اطلاعات را فقط با ارائه‌دهندگان خدماتی به اشتراک می‌گذاریم که در اداره وب‌سایت و ایمیل به ما کمک می‌کنند، مانند ارائه‌دهندگان میزبانی وب و خدمات ایمیل، و تنها به اندازه‌ای که برای ارائه خدماتشان لازم است. آن‌ها موظف‌اند از این اطلاعات محافظت کنند و حق ندارند آن را برای مقاصد خود به کار ببرند.\n\nهمچنین ممکن است در مواردی که قانون الزامی یا مجاز بداند، برای نمونه در پاسخ به حکم دادگاه، اطلاعات شخصی را افشا کنیم.",
      zh: "我们不会出售、出租或交换个人信息。我们仅与协助我们运营网站和电子邮件的服务提供商（例如网站托管和电子邮件服务提供商）共享信息，且仅限于其提供服务所必需的范围。这些服务提供商必须保护这些信息，不得将其用于自身目的。\n\n在法律要求或允许的情况下，例如根据法院命令，我们也可能披露个人信息。",
    },
    "privacy-section-8-title": {
      label: "Section 8: title",
      en: "Where your information is stored",
      fa: "اطلاعات شما کجا نگهداری می‌شود",
      zh: "信息存储地点",
    },
    "privacy-section-8-text": {
      label: "Section 8: text",
      en: "Website data is stored on servers operated by our hosting provider. Some of our service providers may store or process information outside Canada, including in the United States. Information held in another country is subject to the laws of that country and may be accessible to its courts and authorities.",
      fa: "داده‌های وب‌سایت روی سرورهایی نگهداری می‌شود که ارائه‌دهنده میزبانی ما آن‌ها را اداره می‌کند. برخی از ارائه‌دهندگان خدمات ما ممکن است اطلاعات را در خارج از کانادا، از جمله در ایالات متحده، ذخیره یا پردازش کنند. اطلاعاتی که در کشور دیگری نگهداری می‌شود تابع قوانین همان کشور است و ممکن است دادگاه‌ها و مقامات آن کشور به آن دسترسی داشته باشند.",
      zh: "网站数据存储在由我们的托管服务提供商运营的服务器上。我们的部分服务提供商可能在加拿大境外（包括美国）存储或处理信息。存放在其他国家的信息受该国法律管辖，该国法院和有关当局可能有权查阅。",
    },
    "privacy-section-9-title": {
      label: "Section 9: title",
      en: "How we protect your information",
      fa: "چگونه از اطلاعات شما محافظت می‌کنیم",
      zh: "我们如何保护您的信息",
    },
    "privacy-section-9-text": {
      label: "Section 9: text",
      en: "We use reasonable security arrangements to protect personal information, including encrypted connections (HTTPS), access limited to authorized firm staff, and secure sign-in for the administration area. No method of transmission over the internet is completely secure, which is one more reason not to send confidential information through the form.",
      fa: "ما برای حفاظت از اطلاعات شخصی، تدابیر امنیتی معقولی به کار می‌گیریم؛ از جمله اتصال رمزگذاری‌شده (HTTPS)، محدود کردن دسترسی به کارکنان مجاز دفتر و ورود امن به بخش مدیریت سایت. هیچ روشی برای انتقال اطلاعات در اینترنت کاملاً امن نیست؛ این هم دلیل دیگری است که اطلاعات محرمانه را از طریق فرم ارسال نکنید.",
      zh: "我们采取合理的安全措施保护个人信息，包括加密连接（HTTPS）、仅限经授权的本所员工访问，以及管理后台的安全登录。互联网上的任何传输方式都无法做到绝对安全，这也是请您不要通过表单发送机密信息的另一个原因。",
    },
    "privacy-section-10-title": {
      label: "Section 10: title",
      en: "Your rights",
      fa: "حقوق شما",
      zh: "您的权利",
    },
    "privacy-section-10-text": {
      label: "Section 10: text",
      en: "You may ask for access to the personal information we hold about you, ask us to correct it if it is inaccurate or incomplete, and withdraw your consent to its use at any time, subject to legal or contractual restrictions and reasonable notice. Withdrawing consent may mean that we can no longer respond to your inquiry or send you our newsletter.\n\nWe will respond to your request within the time limits set by PIPA. To unsubscribe from the newsletter, contact us and we will remove your address promptly.",
      fa: "شما می‌توانید درخواست کنید به اطلاعات شخصی‌ای که از شما در اختیار داریم دسترسی پیدا کنید، در صورت نادرست یا ناقص بودن آن، اصلاحش را بخواهید و هر زمان که بخواهید رضایت خود را برای استفاده از آن پس بگیرید؛ البته با رعایت محدودیت‌های قانونی یا قراردادی و با اطلاع قبلی در مدتی معقول. پس گرفتن رضایت ممکن است به این معنا باشد که دیگر نتوانیم به درخواست شما پاسخ دهیم یا خبرنامه را برایتان بفرستیم.\n\nما در مهلت‌هایی که قانون PIPA تعیین کرده است به درخواست شما پاسخ می‌دهیم. برای لغو اشتراک خبرنامه، کافی است با ما تماس بگیرید تا نشانی شما را بی‌درنگ حذف کنیم.",
      zh: "您可以要求查阅我们所持有的您的个人信息；如信息不准确或不完整，可以要求我们更正；也可以随时撤回您对信息使用的同意，但须受法律或合同限制，并给予合理通知。撤回同意后，我们可能无法再回复您的咨询或向您发送电子通讯。\n\n我们将在 PIPA 规定的期限内回复您的请求。如需取消订阅电子通讯，请与我们联系，我们会及时删除您的地址。",
    },
    "privacy-section-11-title": {
      label: "Section 11: title",
      en: "Contact our Privacy Officer",
      fa: "تماس با مسئول حریم خصوصی",
      zh: "联系我们的隐私事务负责人",
    },
    "privacy-section-11-text": {
      label: "Section 11: text",
      en: "If you have questions about this policy or wish to make a request, please contact our Privacy Officer by email at info@example.com or by mail at Suite 200, 000 Example Street, Vancouver, BC V6B 1A1. We may need to verify your identity before we release or change any personal information.",
      fa: "اگر درباره این سیاست پرسشی دارید یا می‌خواهید درخواستی ثبت کنید، لطفاً از طریق ایمیل info@example.com یا با ارسال نامه به نشانی Suite 200, 000 Example Street, Vancouver, BC V6B 1A1 با مسئول حریم خصوصی ما تماس بگیرید. ممکن است پیش از ارائه یا تغییر هرگونه اطلاعات شخصی، لازم باشد هویت شما را احراز کنیم.",
      zh: "如您对本政策有任何疑问或希望提出请求，请通过电子邮件 info@example.com 或邮寄至 Suite 200, 000 Example Street, Vancouver, BC V6B 1A1 联系我们的隐私事务负责人。在提供或更改任何个人信息之前，我们可能需要核实您的身份。",
    },
    "privacy-section-12-title": {
      label: "Section 12: title",
      en: "Complaints",
      fa: "شکایت",
      zh: "投诉",
    },
    "privacy-section-12-text": {
      label: "Section 12: text",
      en: "If you are not satisfied with our response, you may contact the Office of the Information and Privacy Commissioner for British Columbia (OIPC) at www.oipc.bc.ca. We encourage you to contact us first so that we can try to resolve your concern.",
      fa: "اگر از پاسخ ما رضایت ندارید، می‌توانید از طریق www.oipc.bc.ca با دفتر کمیسیونر اطلاعات و حریم خصوصی بریتیش کلمبیا (OIPC) تماس بگیرید. پیشنهاد می‌کنیم ابتدا با خود ما تماس بگیرید تا بکوشیم نگرانی شما را برطرف کنیم.",
      zh: "如果您对我们的答复不满意，可以通过 www.oipc.bc.ca 联系不列颠哥伦比亚省信息与隐私专员办公室（OIPC）。我们建议您先与我们联系，以便我们尽力解决您的疑虑。",
    },
    "privacy-section-13-title": {
      label: "Section 13: title",
      en: "Changes to this policy",
      fa: "تغییرات این سیاست",
      zh: "本政策的变更",
    },
    "privacy-section-13-text": {
      label: "Section 13: text",
      en: "We may update this policy from time to time. The date at the top of this page shows when it was last revised, and the current version is always the one published here.",
      fa: "ممکن است این سیاست را هر از گاهی به‌روزرسانی کنیم. تاریخ بالای همین صفحه نشان می‌دهد که آخرین بار چه زمانی بازبینی شده است و نسخه معتبر همواره همان نسخه‌ای است که در این صفحه منتشر شده است.",
      zh: "我们可能会不时更新本政策。本页顶部的日期显示最近一次修订的时间，以本页发布的版本为准。",
    },
    "privacy-section-14-title": {
      label: "Section 14: title (newsletter)",
      en: "Our newsletter",
      fa: "خبرنامه ما",
      zh: "我们的简讯",
    },
    "privacy-section-14-text": {
      label: "Section 14: text (newsletter)",
      en: "If you subscribe to our newsletter and confirm your address, we email you when we publish a new article (or once a week, a summary of the new articles): its title, a short summary and a link, in the language of the page where you subscribed. We keep your email address, that language, when you subscribed and confirmed, and whether your mail server refused our emails; we do not track whether you open them. Every email has an unsubscribe link, and many email programs show an Unsubscribe button that works in one click. Unsubscribing takes effect at once, before the next email, and deletes your address from our list.",
      fa: "اگر در خبرنامه ما مشترک شوید و نشانی خود را تأیید کنید، هر بار که مقاله تازه‌ای منتشر می‌کنیم (یا هفته‌ای یک بار، خلاصه‌ای از مقاله‌های تازه) برایتان ایمیل می‌فرستیم: عنوان مقاله، خلاصه‌ای کوتاه و پیوند آن، به زبان صفحه‌ای که در آن مشترک شده‌اید. نشانی ایمیل شما، همان زبان، زمان اشتراک و تأیید، و اینکه آیا سرور ایمیل شما ایمیل‌های ما را رد کرده است نگه داشته می‌شود؛ باز شدن ایمیل‌ها را پیگیری نمی‌کنیم. هر ایمیل پیوند لغو اشتراک دارد و بسیاری از برنامه‌های ایمیل دکمه «لغو اشتراک» را نشان می‌دهند که با یک کلیک کار می‌کند. لغو اشتراک بی‌درنگ و پیش از ایمیل بعدی اعمال می‌شود و نشانی شما را از فهرست ما حذف می‌کند.",
      zh: "如果您订阅我们的简讯并确认了地址，我们会在发布新文章时（或每周一次，汇总新文章）给您发送电子邮件：内容包括文章标题、简短摘要和链接，语言为您订阅时所在页面的语言。我们保存您的电子邮件地址、该语言、订阅和确认的时间，以及您的邮件服务器是否拒收过我们的邮件；我们不追踪您是否打开邮件。每封邮件都附有取消订阅链接，许多电子邮件程序还会显示一键即可生效的“取消订阅”按钮。取消订阅立即生效，在下一封邮件之前即从我们的名单中删除您的地址。",
    },
    "privacy-section-15-title": {
      label: "Section 15: title (visit statistics)",
      en: "Visit statistics without cookies",
      fa: "آمار بازدید بدون کوکی",
      zh: "不使用 Cookie 的访问统计",
    },
    "privacy-section-15-text": {
      label: "Section 15: text (visit statistics)",
      en: "To learn which pages are read and which bring enquiries, our server counts page views: for each day, the page, its language, the website you came from (only its name, such as google.com), campaign tags in the link (utm_source, utm_medium, utm_campaign) and the kind of device (phone, tablet or computer). We also count how many contact messages, newsletter sign-ups and consultation bookings were sent from each page, with the same day's source of the visit.\n\nNo cookie is set for this, and nothing is stored on your device. To count each visitor once per day, your IP address and browser type are combined with a random value that changes every day (at midnight UTC) into a code that cannot be turned back into your address; the address itself is never stored, the codes are kept only for that day, and the daily value is then deleted, so visits on different days cannot be linked. We do not count visits from browsers that send Do Not Track or Global Privacy Control, nor automated programs. The daily totals contain no personal information and are kept for 25 months.",
      fa: "برای اینکه بدانیم کدام صفحه‌ها خوانده می‌شوند و کدام‌ها به درخواست مشاوره می‌انجامند، سرور ما بازدید صفحه‌ها را می‌شمارد: برای هر روز، صفحه، زبان آن، وب‌سایتی که از آن آمده‌اید (فقط نام آن، مانند google.com)، برچسب‌های کمپین در پیوند (utm_source، utm_medium، utm_campaign) و نوع دستگاه (تلفن همراه، تبلت یا رایانه). همچنین شمار پیام‌های تماس، ثبت‌نام‌های خبرنامه و رزروهای مشاوره را که از هر صفحه فرستاده شده‌اند، همراه با منبع بازدید در همان روز می‌شماریم.\n\nبرای این کار هیچ کوکی‌ای تنظیم نمی‌شود و چیزی روی دستگاه شما ذخیره نمی‌شود. برای اینکه هر بازدیدکننده در هر روز یک بار شمرده شود، نشانی IP و نوع مرورگر شما با یک مقدار تصادفی که هر روز (نیمه‌شب به وقت UTC) عوض می‌شود، به کدی تبدیل می‌شوند که نمی‌توان از آن به نشانی شما رسید؛ خود نشانی هرگز ذخیره نمی‌شود، کدها فقط برای همان روز نگه داشته می‌شوند و سپس مقدار روزانه پاک می‌شود، بنابراین بازدیدهای روزهای مختلف به هم پیوند نمی‌خورند. بازدید مرورگرهایی را که درخواست «ردیابی نکن» (Do Not Track) یا «کنترل جهانی حریم خصوصی» (Global Privacy Control) می‌فرستند و نیز بازدید برنامه‌های خودکار را نمی‌شماریم. جمع‌های روزانه هیچ اطلاعات شخصی‌ای ندارند و ۲۵ ماه نگه داشته می‌شوند.",
      zh: "为了解哪些页面有人阅读、哪些页面带来咨询，我们的服务器会统计页面浏览量：按天记录页面、页面语言、您来自的网站（仅网站名称，例如 google.com）、链接中的推广标签（utm_source、utm_medium、utm_campaign）以及设备类型（手机、平板或电脑）。我们还会统计从每个页面发出的联系留言、电子通讯订阅和咨询预约的数量，以及同一天该次访问的来源。\n\n统计不设置任何 Cookie，也不在您的设备上存储任何内容。为使每位访客每天只计一次，您的 IP 地址和浏览器类型会与一个每天（UTC 午夜）更换的随机值一起转换为无法还原成您地址的代码；地址本身从不存储，这些代码只保留当天，随后当天的随机值即被删除，因此不同日期的访问无法被关联。对于发送“请勿追踪”（Do Not Track）或“全球隐私控制”（Global Privacy Control）信号的浏览器以及自动程序，我们不统计其访问。每日汇总数据不含任何个人信息，保存 25 个月。",
    },
  },
} satisfies DefaultTextGroup;
