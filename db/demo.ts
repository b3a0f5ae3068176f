import type { blogPosts } from "./schema";

type NewPost = typeof blogPosts.$inferInsert;
export type DemoPost = Omit<NewPost, "id" | "createdAt" | "updatedAt">;

const AUTHOR = "Coastline Law Group";

/**
 * Three published demo articles in English, Farsi and Simplified Chinese. A featuredImage
 * here is a path under db/; the seeder uploads it through the image pipeline and stores
 * the resulting /media URL instead.
 */
export const demoPosts: DemoPost[] = [
  {
    slug: "refused-canadian-study-permit-work-permit-or-visitor-visa",
    title: "Refused a Canadian Study Permit, Work Permit or Visitor Visa? Your Options",
    excerpt:
      "A refusal from IRCC is not always the end of the road. Here is how to read the decision, when reapplying makes sense, and how judicial review at the Federal Court works, including its strict deadlines.",
    metaDescription:
      "Refused a Canadian study permit, work permit or visitor visa? Learn about reapplying, Federal Court judicial review deadlines and procedural fairness.",
    imageAltText: "Abstract navy and gold illustration of two documents with a seal beside a maple leaf",
    featuredImage: "demo-assets/post-study-permit.jpg",
    author: AUTHOR,
    published: true,
    publishedAt: "2026-09-15",
    content: `Receiving a refusal letter from Immigration, Refugees and Citizenship Canada (IRCC) can be stressful, especially when studies, a job offer or a family visit depend on it. A refusal is not always final, but the options available depend on the type of application, where you applied from and how quickly you act.

## Start by understanding why you were refused

Refusal letters usually list the grounds briefly, such as doubts that you will leave Canada at the end of your stay, concerns about your finances, or questions about your study plan or job offer. The officer's fuller reasons are recorded in IRCC's Global Case Management System (GCMS). Some refusal letters now include the officer's decision notes; where they do not, you can request your file through an Access to Information and Privacy (ATIP) request. Because deadlines may already be running, do not let a pending ATIP request delay a decision about judicial review.

## Option 1: Reapply with a stronger application

For most temporary resident applications (study permits, work permits and visitor visas) there is no appeal to a tribunal. You can generally submit a new application at any time. A new application is worth making when you can respond to the officer's concerns, for example with:

- clearer evidence of your funds and where they came from
- a study plan that explains why the program fits your education and career
- proof of ties to your home country, such as employment, property or family
- updated documents required by the current program rules

Reapplying with the same documents usually leads to the same result. Keep in mind that a new application is assessed under the rules in force when it is filed, and those rules change often.

## Option 2: Judicial review at the Federal Court

If you believe the decision was unreasonable or unfair, you can ask the Federal Court of Canada to review it. This is done by filing an application for leave and for judicial review under the Immigration and Refugee Protection Act. The deadlines are strict:

- **15 days** after you are notified of the decision, if the matter arose in Canada
- **60 days** after you are notified of the decision, if the matter arose outside Canada

The Court can extend the time, but only in limited circumstances, so it is safest to treat these deadlines as fixed. The Court must first grant leave (permission) before the case proceeds to a hearing.

Judicial review is not a new application. The judge does not decide whether you should receive the permit or visa. If the application succeeds, the usual result is that the decision is set aside and sent back to a different officer to decide again. In the meantime it may also be possible to reapply; an experienced representative can help you weigh the two paths.

## Procedural fairness: what officers must do

Visa officers have broad discretion, but they must follow fair procedures and give reasons that are reasonable in light of the evidence. Common issues raised in judicial review include:

- relying on information you never had a chance to address, without sending a procedural fairness letter
- questioning the genuineness of your documents or your credibility without giving you an opportunity to respond
- overlooking or misreading key evidence in the file
- giving reasons that do not explain how the officer reached the conclusion

Not every error is serious enough to overturn a decision, and each case depends on its own record.

## If you are already in Canada

If an extension or a change of status was refused while you were in Canada, your own status becomes urgent. Depending on the situation, you may be able to apply to restore your status, generally within 90 days of losing it, or you may need to leave. Get advice quickly, because the options narrow with time.

## How we can help

We review refusal letters and officer's notes, explain whether reapplying or judicial review is the better route, and prepare the application within the deadline. To discuss your situation, [contact our office](/contact).

*This article is general information and not legal advice.*`,
    titleFa: "درخواست مجوز تحصیل، مجوز کار یا ویزای بازدید کانادا رد شده است؟ گزینه‌های شما",
    excerptFa:
      "رد درخواست از سوی IRCC همیشه پایان راه نیست. در این مقاله توضیح می‌دهیم تصمیم را چگونه بخوانید، چه زمانی درخواست مجدد منطقی است و بازبینی قضایی در دادگاه فدرال، با مهلت‌های سخت‌گیرانه‌اش، چگونه انجام می‌شود.",
    metaDescriptionFa:
      "درخواست مجوز تحصیل، مجوز کار یا ویزای بازدید کانادا رد شده است؟ با درخواست مجدد، مهلت‌های بازبینی قضایی در دادگاه فدرال و انصاف رویه‌ای آشنا شوید.",
    imageAltTextFa: "تصویر انتزاعی سرمه‌ای و طلایی از دو سند با مهر در کنار یک برگ افرا",
    contentFa: `دریافت نامه‌ی رد از اداره‌ی مهاجرت، پناهندگی و شهروندی کانادا (IRCC) می‌تواند پراسترس باشد، به‌ویژه وقتی تحصیل، پیشنهاد شغلی یا دیدار خانوادگی به آن وابسته است. رد درخواست همیشه قطعی نیست، اما گزینه‌های پیش روی شما به نوع درخواست، محلی که از آنجا درخواست داده‌اید و سرعت اقدامتان بستگی دارد.

## ابتدا دلیل رد را بفهمید

نامه‌های رد معمولاً دلایل را به‌طور خلاصه فهرست می‌کنند؛ مثلاً تردید در اینکه در پایان اقامت، کانادا را ترک خواهید کرد، نگرانی درباره‌ی وضعیت مالی، یا پرسش‌هایی درباره‌ی برنامه‌ی تحصیلی یا پیشنهاد شغلی شما. دلایل کامل‌تر افسر در سامانه‌ی جهانی مدیریت پرونده‌های IRCC (GCMS) ثبت می‌شود. برخی نامه‌های رد اکنون یادداشت‌های تصمیم افسر را نیز در بر دارند؛ در غیر این صورت، می‌توانید پرونده‌ی خود را از طریق درخواست دسترسی به اطلاعات و حریم خصوصی (ATIP) دریافت کنید. از آنجا که ممکن است مهلت‌ها از هم‌اکنون در حال سپری شدن باشند، اجازه ندهید انتظار برای پاسخ ATIP تصمیم‌گیری درباره‌ی بازبینی قضایی را به تأخیر بیندازد.

## گزینه‌ی ۱: درخواست مجدد با پرونده‌ای قوی‌تر

برای بیشتر درخواست‌های اقامت موقت (مجوز تحصیل، مجوز کار و ویزای بازدید) امکان تجدیدنظرخواهی نزد دیوان اداری وجود ندارد. به‌طور کلی می‌توانید هر زمان درخواست جدیدی ثبت کنید. درخواست جدید زمانی ارزشمند است که بتوانید به نگرانی‌های افسر پاسخ دهید، برای نمونه با:

- مدارک روشن‌تر درباره‌ی وجوه مالی و منشأ آن‌ها
- برنامه‌ی تحصیلی‌ای که توضیح دهد چرا این رشته با تحصیلات و مسیر شغلی شما هماهنگ است
- اثبات پیوندهایتان با کشور خود، مانند شغل، دارایی یا خانواده
- مدارک به‌روزی که قوانین فعلی برنامه الزامی می‌دانند

درخواست مجدد با همان مدارک معمولاً به همان نتیجه می‌انجامد. به یاد داشته باشید که درخواست جدید بر اساس قوانینی بررسی می‌شود که هنگام ثبت آن اجرا می‌شوند، و این قوانین اغلب تغییر می‌کنند.

## گزینه‌ی ۲: بازبینی قضایی در دادگاه فدرال

اگر معتقدید تصمیم غیرمعقول یا ناعادلانه بوده است، می‌توانید از دادگاه فدرال کانادا بخواهید آن را بازبینی کند. این کار با ثبت درخواست اجازه و بازبینی قضایی بر اساس قانون مهاجرت و حمایت از پناهندگان انجام می‌شود. مهلت‌ها سخت‌گیرانه‌اند:

- **۱۵ روز** پس از اطلاع از تصمیم، اگر موضوع در داخل کانادا پیش آمده باشد
- **۶۰ روز** پس از اطلاع از تصمیم، اگر موضوع خارج از کانادا پیش آمده باشد

دادگاه می‌تواند مهلت را تمدید کند، اما فقط در شرایط محدود؛ بنابراین امن‌ترین کار این است که این مهلت‌ها را قطعی بدانید. دادگاه ابتدا باید اجازه‌ی رسیدگی (leave) را صادر کند تا پرونده به مرحله‌ی جلسه‌ی دادرسی برسد.

بازبینی قضایی درخواست جدید نیست. قاضی تصمیم نمی‌گیرد که آیا باید مجوز یا ویزا را دریافت کنید یا نه. اگر درخواست موفق شود، نتیجه‌ی معمول این است که تصمیم لغو می‌شود و برای تصمیم‌گیری دوباره به افسر دیگری ارجاع داده می‌شود. در این فاصله ممکن است درخواست مجدد نیز امکان‌پذیر باشد؛ یک نماینده‌ی باتجربه می‌تواند به شما در سنجیدن این دو مسیر کمک کند.

## انصاف رویه‌ای: آنچه افسران باید رعایت کنند

افسران ویزا اختیار گسترده‌ای دارند، اما باید رویه‌های منصفانه را رعایت کنند و دلایلی ارائه دهند که با توجه به شواهد معقول باشد. ایرادهای رایجی که در بازبینی قضایی مطرح می‌شوند عبارت‌اند از:

- تکیه بر اطلاعاتی که هرگز فرصت پاسخ به آن را نداشته‌اید، بدون ارسال نامه‌ی انصاف رویه‌ای
- زیر سؤال بردن اصالت مدارک یا اعتبار اظهارات شما بدون دادن فرصت پاسخ
- نادیده گرفتن یا برداشت نادرست از شواهد کلیدی پرونده
- ارائه‌ی دلایلی که توضیح نمی‌دهند افسر چگونه به نتیجه رسیده است

هر اشتباهی آن‌قدر جدی نیست که به لغو تصمیم بینجامد، و هر پرونده به سوابق خودش بستگی دارد.

## اگر هم‌اکنون در کانادا هستید

اگر درخواست تمدید یا تغییر وضعیت شما در زمانی که در کانادا بوده‌اید رد شده باشد، وضعیت اقامتی خودتان فوریت پیدا می‌کند. بسته به شرایط، ممکن است بتوانید برای اعاده‌ی وضعیت درخواست دهید، که معمولاً باید ظرف ۹۰ روز پس از از دست دادن وضعیت انجام شود، یا ممکن است لازم باشد کانادا را ترک کنید. هرچه زودتر مشاوره بگیرید، زیرا گزینه‌ها با گذشت زمان محدودتر می‌شوند.

## چگونه می‌توانیم کمک کنیم

ما نامه‌های رد و یادداشت‌های افسر را بررسی می‌کنیم، توضیح می‌دهیم که درخواست مجدد یا بازبینی قضایی کدام مسیر مناسب‌تری است، و درخواست را در مهلت مقرر آماده می‌کنیم. برای گفت‌وگو درباره‌ی وضعیت خود، [با دفتر ما تماس بگیرید](/contact).

*این مقاله اطلاعات عمومی است و مشاوره‌ی حقوقی محسوب نمی‌شود.*`,
    titleZh: "加拿大学习许可、工作许可或访客签证被拒？您的选择",
    excerptZh:
      "收到IRCC的拒签并不一定意味着无路可走。本文介绍如何理解拒签决定、何时适合重新申请，以及联邦法院司法审查的运作方式和严格期限。",
    metaDescriptionZh:
      "加拿大学习许可、工作许可或访客签证被拒？了解重新申请、联邦法院司法审查的期限以及程序公正。",
    imageAltTextZh: "海军蓝与金色的抽象插图：两份带印章的文件和一片枫叶",
    contentZh: `收到加拿大移民、难民及公民部（IRCC）的拒签信可能令人焦虑，尤其是当学业、工作机会或探亲计划都取决于这份申请时。拒签并不总是最终结果，但您有哪些选择，取决于申请类型、递交申请的地点以及您行动的速度。

## 首先弄清被拒的原因

拒签信通常会简要列出拒签理由，例如怀疑您在逗留期满后不会离开加拿大、对您的资金状况有顾虑，或对您的学习计划或工作邀请存有疑问。签证官更完整的理由记录在IRCC的全球案件管理系统（GCMS）中。目前部分拒签信会附上签证官的决定笔记；如果没有附上，您可以通过信息公开与隐私（ATIP）申请索取您的档案。由于相关期限可能已经开始计算，请不要因为等待ATIP回复而推迟是否申请司法审查的决定。

## 选择一：以更充分的材料重新申请

对于大多数临时居民申请（学习许可、工作许可和访客签证），并没有向行政裁判庭上诉的途径。一般而言，您可以随时递交新的申请。当您能够回应签证官的顾虑时，重新申请才有意义，例如提供：

- 更清晰的资金证明及资金来源说明
- 说明该课程为何与您的教育背景和职业规划相符的学习计划
- 与本国联系的证明，例如工作、房产或家庭
- 现行项目规定所要求的最新文件

使用相同材料重新申请，通常会得到相同的结果。请注意，新申请将按照递交时有效的规定进行审理，而这些规定经常变化。

## 选择二：向联邦法院申请司法审查

如果您认为该决定不合理或不公正，可以请求加拿大联邦法院进行审查。具体做法是根据《移民与难民保护法》提交许可及司法审查申请。期限非常严格：

- 如事项发生在加拿大境内，须在您获知决定后**15天**内提交
- 如事项发生在加拿大境外，须在您获知决定后**60天**内提交

法院可以延长期限，但仅限于有限的情形，因此最稳妥的做法是将这些期限视为不可更改。法院必须先批准许可（leave），案件才能进入听证阶段。

司法审查并不是一份新的申请。法官不会决定您是否应当获得许可或签证。如果申请成功，通常的结果是原决定被撤销，并发回由另一位签证官重新作出决定。在此期间，重新申请也可能是可行的；有经验的代理人可以帮助您权衡这两条路径。

## 程序公正：签证官必须遵守的要求

签证官拥有广泛的酌情权，但必须遵循公正的程序，并给出基于证据、合乎情理的理由。司法审查中常见的问题包括：

- 依据您从未有机会回应的信息作出决定，且未发出程序公正信
- 质疑您文件的真实性或您的可信度，却未给您回应的机会
- 忽略或误读档案中的关键证据
- 给出的理由未能说明签证官如何得出结论

并非所有错误都严重到足以推翻决定，每个案件都取决于其自身的档案记录。

## 如果您已身在加拿大

如果您在加拿大境内申请延期或变更身份被拒，您自身的身份问题就变得紧迫。视具体情况而定，您可能可以申请恢复身份（一般须在失去身份后90天内提出），也可能需要离境。请尽快寻求咨询，因为可选方案会随着时间推移而减少。

## 我们如何提供帮助

我们会审阅拒签信和签证官笔记，说明重新申请和司法审查哪条路径更合适，并在期限内准备申请。如需讨论您的情况，请[联系我们的办公室](/contact)。

*本文仅为一般性信息，不构成法律意见。*`,
  },
  {
    slug: "bc-limitation-act-two-year-limitation-period-civil-claims",
    title: "The Two-Year Limitation Period in BC: What It Means for Your Civil Claim",
    excerpt:
      "Under British Columbia's Limitation Act, most civil claims must be started within two years of being discovered. Here is how the clock works and why waiting can cost you your claim.",
    metaDescription:
      "How BC's Limitation Act two-year basic limitation period works, when a claim is discovered, the 15-year ultimate period, and why negotiations do not stop the clock.",
    imageAltText: "Illustration for an article about British Columbia's two-year limitation period for civil claims",
    featuredImage: null,
    author: AUTHOR,
    published: true,
    publishedAt: "2026-10-20",
    content: `If someone has caused you a loss, for example through a breach of contract, an unpaid debt, property damage or professional negligence, the law gives you the right to sue, but only for a limited time. In British Columbia, the main rules are in the Limitation Act, which has applied to most claims since June 1, 2013. Missing a limitation period can end a claim entirely, however strong it might have been.

## The basic rule: two years from discovery

The Limitation Act sets a **basic limitation period of two years**. The two years do not necessarily start on the day something went wrong. They start on the day the claim is "discovered."

Under the Act, a claim is discovered on the first day you knew, or reasonably ought to have known, all of the following:

- that injury, loss or damage had occurred
- that it was caused or contributed to by an act or omission
- that the act or omission was that of the person you want to sue
- that, given the nature of the loss, a court proceeding would be an appropriate way to seek a remedy

The words "reasonably ought to have known" matter. The clock can start even if you did not actually know, if a reasonable person in your position would have found out with reasonable effort.

## The ultimate limitation period: 15 years

Because discovery can happen long after the events, the Act also sets an **ultimate limitation period of 15 years**, generally counted from the day the act or omission occurred. Once it passes, most claims are barred even if they were never discovered. The Act contains exceptions, and some kinds of claims are not subject to it.

## Situations that change the clock

Some common situations affect how limitation periods run:

- **Minors:** the basic limitation period generally does not run while the claimant is under 19.
- **Persons under a disability:** the period may not run while a person is incapable of managing their affairs.
- **Debts:** a written acknowledgment of a debt or a partial payment can restart the period for some claims.
- **No limitation period:** certain claims have none, such as some claims relating to sexual misconduct.
- **Other statutes:** some laws set their own, sometimes much shorter, deadlines. Some claims against municipalities require written notice within a few months, and claims to divide property under the Family Law Act have their own two-year timelines tied to divorce or separation.

## Negotiations do not stop the clock

One of the most common mistakes is assuming that talking with the other side, making an insurance claim or exchanging settlement offers pauses the limitation period. In general, it does not. Parties sometimes sign a written agreement to extend the time (often called a tolling or standstill agreement), but its wording matters and it should be reviewed carefully. In most cases the safest way to protect a claim is to start a proceeding before the period expires, for example by filing a notice of civil claim in the Supreme Court of British Columbia.

## What this means for you

If you think you may have a claim:

1. Write down when you first learned of the loss and who you believe is responsible.
2. Keep contracts, emails, invoices, photographs and other records.
3. Seek advice early, well before the two-year mark, so there is time to investigate and prepare.

Working out when a claim was discovered can be complex, and the answer often depends on the facts. If you are unsure whether a deadline is approaching, [contact us](/contact) to arrange a consultation.

*This article is general information and not legal advice.*`,
    titleFa: "مهلت مرور زمان دو ساله در بریتیش کلمبیا: برای دعوای مدنی شما چه معنایی دارد",
    excerptFa:
      "بر اساس قانون مرور زمان بریتیش کلمبیا، بیشتر دعاوی مدنی باید ظرف دو سال از زمان کشفشان اقامه شوند. در این مقاله توضیح می‌دهیم این مهلت چگونه محاسبه می‌شود و چرا تأخیر ممکن است به از دست رفتن دعوای شما بینجامد.",
    metaDescriptionFa:
      "مهلت مرور زمان پایه‌ی دو ساله در قانون مرور زمان بریتیش کلمبیا چگونه کار می‌کند، دعوا چه زمانی کشف می‌شود، مهلت نهایی ۱۵ ساله و چرا مذاکره مهلت را متوقف نمی‌کند.",
    imageAltTextFa: "تصویر مقاله‌ای درباره‌ی مهلت مرور زمان دو ساله برای دعاوی مدنی در بریتیش کلمبیا",
    contentFa: `اگر کسی به شما زیانی وارد کرده باشد، برای مثال از طریق نقض قرارداد، بدهی پرداخت‌نشده، خسارت به اموال یا قصور حرفه‌ای، قانون به شما حق طرح دعوا می‌دهد، اما فقط برای مدتی محدود. در بریتیش کلمبیا، قواعد اصلی در قانون مرور زمان (Limitation Act) آمده است که از ۱ ژوئن ۲۰۱۳ بر بیشتر دعاوی حاکم بوده است. از دست دادن مهلت مرور زمان می‌تواند یک دعوا را به‌کلی از بین ببرد، هر قدر هم که قوی بوده باشد.

## قاعده‌ی اصلی: دو سال از زمان کشف

قانون مرور زمان یک **مهلت مرور زمان پایه‌ی دو ساله** تعیین می‌کند. این دو سال لزوماً از روزی که مشکل رخ داده آغاز نمی‌شود، بلکه از روزی آغاز می‌شود که دعوا «کشف» شده است.

طبق این قانون، دعوا در نخستین روزی کشف‌شده تلقی می‌شود که شما همه‌ی موارد زیر را می‌دانستید یا به‌طور معقول باید می‌دانستید:

- اینکه صدمه، زیان یا خسارتی رخ داده است
- اینکه این خسارت ناشی از یک فعل یا ترک فعل بوده یا آن فعل یا ترک فعل در آن سهم داشته است
- اینکه آن فعل یا ترک فعل از سوی شخصی بوده که می‌خواهید علیه او طرح دعوا کنید
- اینکه با توجه به ماهیت زیان، طرح دعوا در دادگاه راه مناسبی برای جبران آن است

عبارت «به‌طور معقول باید می‌دانستید» اهمیت دارد. حتی اگر واقعاً از موضوع آگاه نبوده‌اید، در صورتی که فردی معقول در موقعیت شما با تلاشی معقول از آن مطلع می‌شد، ممکن است مهلت آغاز شده باشد.

## مهلت نهایی مرور زمان: ۱۵ سال

از آنجا که کشف دعوا ممکن است مدت‌ها پس از وقوع رویدادها رخ دهد، این قانون یک **مهلت نهایی مرور زمان ۱۵ ساله** نیز تعیین می‌کند که معمولاً از روز وقوع فعل یا ترک فعل محاسبه می‌شود. پس از گذشت آن، بیشتر دعاوی حتی اگر هرگز کشف نشده باشند، مشمول مرور زمان می‌شوند. این قانون استثناهایی دارد و برخی انواع دعاوی مشمول آن نیستند.

## شرایطی که محاسبه‌ی مهلت را تغییر می‌دهند

برخی وضعیت‌های رایج بر نحوه‌ی جریان مهلت‌های مرور زمان اثر می‌گذارند:

- **افراد زیر سن قانونی**: مهلت پایه معمولاً تا زمانی که خواهان کمتر از ۱۹ سال دارد جریان نمی‌یابد.
- **افراد دارای ناتوانی**: ممکن است مهلت در مدتی که شخص قادر به اداره‌ی امور خود نیست جریان نیابد.
- **بدهی‌ها**: اقرار کتبی به بدهی یا پرداخت بخشی از آن می‌تواند در برخی دعاوی مهلت را از نو آغاز کند.
- **بدون مهلت مرور زمان**: برخی دعاوی مهلتی ندارند، مانند برخی دعاوی مربوط به سوءرفتار جنسی.
- **قوانین دیگر**: برخی قوانین مهلت‌های خاص خود را تعیین می‌کنند که گاهی بسیار کوتاه‌ترند. برخی دعاوی علیه شهرداری‌ها مستلزم ارسال اخطار کتبی ظرف چند ماه است، و دعاوی تقسیم اموال بر اساس قانون خانواده (Family Law Act) مهلت‌های دو ساله‌ی خود را دارند که به طلاق یا جدایی وابسته است.

## مذاکره مهلت را متوقف نمی‌کند

یکی از رایج‌ترین اشتباه‌ها این تصور است که گفت‌وگو با طرف مقابل، طرح ادعای بیمه یا تبادل پیشنهادهای سازش، مهلت مرور زمان را متوقف می‌کند. به‌طور کلی چنین نیست. طرفین گاهی توافق‌نامه‌ای کتبی برای تمدید مهلت امضا می‌کنند (که اغلب توافق‌نامه‌ی تعلیق مهلت نامیده می‌شود)، اما متن آن اهمیت دارد و باید با دقت بررسی شود. در بیشتر موارد، امن‌ترین راه برای حفظ یک دعوا این است که پیش از پایان مهلت، رسیدگی قضایی را آغاز کنید؛ برای مثال با ثبت دادخواست مدنی (notice of civil claim) در دادگاه عالی بریتیش کلمبیا.

## این موضوع برای شما چه معنایی دارد

اگر فکر می‌کنید ممکن است دعوایی داشته باشید:

1. زمانی را که نخستین بار از زیان مطلع شدید و کسی را که به نظرتان مسئول است یادداشت کنید.
2. قراردادها، ایمیل‌ها، صورت‌حساب‌ها، عکس‌ها و سایر سوابق را نگه دارید.
3. زود مشاوره بگیرید، خیلی پیش از رسیدن به پایان دو سال، تا برای بررسی و آماده‌سازی فرصت کافی داشته باشید.

تعیین اینکه دعوا چه زمانی کشف شده است می‌تواند پیچیده باشد و پاسخ آن اغلب به واقعیات پرونده بستگی دارد. اگر مطمئن نیستید که مهلتی در حال نزدیک شدن است یا نه، برای تعیین وقت مشاوره [با ما تماس بگیرید](/contact).

*این مقاله اطلاعات عمومی است و مشاوره‌ی حقوقی محسوب نمی‌شود.*`,
    titleZh: "不列颠哥伦比亚省两年诉讼时效：对您的民事索赔意味着什么",
    excerptZh:
      "根据不列颠哥伦比亚省《诉讼时效法》，大多数民事索赔必须在发现之日起两年内提起。本文说明时效如何计算，以及为何拖延可能让您失去索赔权利。",
    metaDescriptionZh:
      "了解BC省《诉讼时效法》两年基本时效如何运作、索赔何时被视为发现、15年最终时效，以及为何协商不会中止时效。",
    imageAltTextZh: "关于不列颠哥伦比亚省民事索赔两年诉讼时效的文章配图",
    contentZh: `如果有人给您造成了损失，例如违约、欠款不还、财产损坏或专业过失，法律赋予您提起诉讼的权利，但只在有限的时间内有效。在不列颠哥伦比亚省（BC省），主要规则载于《诉讼时效法》（Limitation Act），该法自2013年6月1日起适用于大多数索赔。错过诉讼时效可能使索赔彻底无法主张，无论其原本多么有力。

## 基本规则：自发现之日起两年

《诉讼时效法》规定了**两年的基本诉讼时效**。这两年并不一定从出问题的那一天开始计算，而是从索赔被“发现”之日开始。

根据该法，索赔被发现之日，是指您首次知道或理应合理知道以下所有事项的那一天：

- 已经发生了伤害、损失或损害
- 该损害是由某一作为或不作为造成的，或该作为或不作为对其有所促成
- 该作为或不作为是您打算起诉的那个人所为
- 考虑到损失的性质，提起诉讼是寻求救济的适当方式

“理应合理知道”这一表述十分重要。即使您实际上并不知情，只要处于您位置的合理之人经过合理努力便会发现，时效也可能已经开始计算。

## 最终诉讼时效：15年

由于发现索赔的时间可能远晚于事件发生之时，该法还规定了**15年的最终诉讼时效**，一般从作为或不作为发生之日起计算。一旦届满，即使索赔从未被发现，大多数索赔也将被禁止。该法规定了一些例外情况，部分类型的索赔也不受其约束。

## 影响时效计算的情形

一些常见情形会影响诉讼时效的计算：

- **未成年人**：在索赔人未满19岁期间，基本诉讼时效一般不计算。
- **无行为能力人**：在当事人无法处理自身事务期间，时效可能不计算。
- **债务**：书面承认债务或部分还款，可能使某些索赔的时效重新起算。
- **无诉讼时效**：某些索赔不受时效限制，例如部分与性不当行为有关的索赔。
- **其他法律**：部分法律规定了自身的期限，有时要短得多。部分针对市政府的索赔须在数月内发出书面通知；根据《家庭法》（Family Law Act）提出的财产分割请求，也有与离婚或分居挂钩的两年期限。

## 协商不会中止时效

最常见的错误之一，是以为与对方沟通、提出保险理赔或交换和解方案会暂停诉讼时效。一般而言并不会。双方有时会签署书面协议延长期限（通常称为时效中止协议），但协议措辞十分关键，应仔细审查。在大多数情况下，保护索赔最稳妥的方式是在时效届满前启动法律程序，例如向不列颠哥伦比亚省最高法院提交民事索赔通知书（notice of civil claim）。

## 这对您意味着什么

如果您认为自己可能有索赔：

1. 记下您首次得知损失的时间，以及您认为应负责任的人。
2. 保留合同、电子邮件、发票、照片及其他记录。
3. 尽早寻求法律咨询，远在两年期限届满之前，以便有时间调查和准备。

判断索赔何时被发现可能相当复杂，答案往往取决于具体事实。如果您不确定期限是否即将届满，请[联系我们](/contact)安排咨询。

*本文仅为一般性信息，不构成法律意见。*`,
  },
  {
    slug: "immigration-consultant-malpractice-warning-signs-and-options",
    title: "Immigration Consultant Malpractice: Warning Signs and What You Can Do",
    excerpt:
      "Most licensed consultants serve their clients well, but mistakes and misconduct do happen. Learn the warning signs, how to check a licence, and the options available, from a CICC complaint to a negligence claim.",
    metaDescription:
      "Spot the warning signs of immigration consultant malpractice, check a licence, file a CICC complaint and understand negligence claims in British Columbia.",
    imageAltText: "Illustration for an article about immigration consultant malpractice and the options available",
    featuredImage: null,
    author: AUTHOR,
    published: true,
    publishedAt: "2026-11-10",
    content: `Many people hire a representative to help with a visa, permit, sponsorship or permanent residence application. Most licensed consultants and lawyers serve their clients well. When things go wrong, though, the consequences can be serious: missed deadlines, refused applications, findings of misrepresentation, or lost time and money. This article explains how to recognize problems and what options may be available in Canada.

## Who may charge for immigration advice

Under the Immigration and Refugee Protection Act, only authorized representatives may charge a fee to represent or advise you on a Canadian immigration or citizenship matter. Authorized representatives include lawyers and paralegals who are members of a Canadian provincial or territorial law society, notaries who are members of the Chambre des notaires du Québec, and licensees of the College of Immigration and Citizenship Consultants (CICC). You can check a consultant's licence on the CICC's public register, and a lawyer's standing through the relevant law society, such as the Law Society of British Columbia.

Anyone else who charges for this work, often called a "ghost consultant," is acting illegally.

## Warning signs

Be cautious if a representative:

- guarantees approval or promises a job in Canada
- asks you to provide false information or documents
- does not give you a written service agreement or receipts
- will not give you copies of what was submitted in your name
- is not listed as your representative with IRCC, or uses their own contact details so you never see correspondence
- misses deadlines or stops responding
- asks you to pay into a personal account or in cash only

Remember that you remain responsible for everything in your application, even if someone else prepared it. Misrepresentation can lead to a refusal and a five-year ban on applying to come to Canada.

## Filing a complaint with the CICC

The CICC regulates licensed immigration and citizenship consultants, sets a code of professional conduct and investigates complaints. You can submit a complaint through its website, with supporting documents such as your agreement, receipts and messages. A complaint may lead to discipline, including suspension or loss of a licence. The regulatory process exists mainly to protect the public; it is not designed to award you damages, so you may also need to consider other remedies. If the representative is a lawyer, complaints go to the law society of which the lawyer is a member.

## Negligence claims

If a representative's error has caused you a financial loss, you may be able to claim compensation in court. In a professional negligence claim, you generally need to show that:

1. the representative owed you a duty of care
2. their work fell below the standard expected of a reasonably competent professional
3. that breach caused your loss
4. you suffered damages the law recognizes, such as wasted fees, lost income or extra costs

Depending on the amount, a claim may proceed in the Civil Resolution Tribunal, the Provincial Court or the Supreme Court of British Columbia. Limitation periods apply: in British Columbia, most claims must be started within two years of when the claim is discovered.

## Fixing the immigration problem

A malpractice claim does not by itself fix a refused application or lost status. Sometimes the priority is the immigration file: a new application, a request for reconsideration, or judicial review at the Federal Court. Where a case depends on allegations against a former representative, the Federal Court has a protocol that requires giving that representative notice.

## What to do now

Gather your documents, write down a timeline, and avoid signing anything further with the same representative until you have had independent advice. To talk about your situation, [contact our office](/contact).

*This article is general information and not legal advice.*`,
    titleFa: "قصور مشاوران مهاجرت: نشانه‌های هشدار و کارهایی که می‌توانید انجام دهید",
    excerptFa:
      "بیشتر مشاوران دارای مجوز به‌خوبی به موکلان خود خدمت می‌کنند، اما اشتباه و تخلف هم رخ می‌دهد. با نشانه‌های هشدار، روش بررسی مجوز و گزینه‌های موجود، از شکایت به CICC تا دعوای قصور، آشنا شوید.",
    metaDescriptionFa:
      "نشانه‌های قصور مشاوران مهاجرت را بشناسید، مجوز مشاور را بررسی کنید، نزد CICC شکایت ثبت کنید و با دعاوی قصور در بریتیش کلمبیا آشنا شوید.",
    imageAltTextFa: "تصویر مقاله‌ای درباره‌ی قصور مشاوران مهاجرت و گزینه‌های موجود",
    contentFa: `بسیاری از افراد برای درخواست ویزا، مجوز، اسپانسرشیپ یا اقامت دائم از یک نماینده کمک می‌گیرند. بیشتر مشاوران و وکلای دارای مجوز به‌خوبی به موکلان خود خدمت می‌کنند. با این حال، وقتی کار خراب می‌شود، پیامدها می‌توانند جدی باشند: از دست رفتن مهلت‌ها، رد درخواست‌ها، احراز ارائه‌ی اطلاعات نادرست، یا هدر رفتن زمان و پول. این مقاله توضیح می‌دهد چگونه مشکلات را تشخیص دهید و چه گزینه‌هایی ممکن است در کانادا در دسترس باشد.

## چه کسی مجاز است برای مشاوره‌ی مهاجرتی هزینه دریافت کند

بر اساس قانون مهاجرت و حمایت از پناهندگان، فقط نمایندگان مجاز می‌توانند برای نمایندگی یا مشاوره در امور مهاجرت یا شهروندی کانادا از شما هزینه بگیرند. نمایندگان مجاز عبارت‌اند از وکلا و پارالیگال‌هایی که عضو کانون وکلای یکی از استان‌ها یا قلمروهای کانادا هستند، سردفتران عضو Chambre des notaires du Québec، و دارندگان مجوز از کالج مشاوران مهاجرت و شهروندی (CICC). می‌توانید مجوز یک مشاور را در فهرست عمومی CICC و وضعیت یک وکیل را از طریق کانون وکلای مربوط، مانند کانون وکلای بریتیش کلمبیا (Law Society of British Columbia)، بررسی کنید.

هر شخص دیگری که برای این کار هزینه دریافت کند، که اغلب «مشاور شبح» نامیده می‌شود، به‌طور غیرقانونی عمل می‌کند.

## نشانه‌های هشدار

اگر نماینده‌ای این رفتارها را داشت، محتاط باشید:

- پذیرش درخواست را تضمین می‌کند یا وعده‌ی شغل در کانادا می‌دهد
- از شما می‌خواهد اطلاعات یا مدارک نادرست ارائه کنید
- قرارداد کتبی خدمات یا رسید پرداخت به شما نمی‌دهد
- از دادن نسخه‌ای از مدارکی که به نام شما ارسال شده خودداری می‌کند
- به‌عنوان نماینده‌ی شما نزد IRCC ثبت نشده است، یا از اطلاعات تماس خودش استفاده می‌کند تا شما هرگز مکاتبات را نبینید
- مهلت‌ها را از دست می‌دهد یا دیگر پاسخ نمی‌دهد
- از شما می‌خواهد پول را به حساب شخصی یا فقط به‌صورت نقدی بپردازید

به یاد داشته باشید که شما مسئول همه‌ی محتوای درخواست خود هستید، حتی اگر شخص دیگری آن را تهیه کرده باشد. ارائه‌ی اطلاعات نادرست می‌تواند به رد درخواست و پنج سال محرومیت از درخواست برای ورود به کانادا منجر شود.

## ثبت شکایت نزد CICC

CICC بر مشاوران دارای مجوز مهاجرت و شهروندی نظارت می‌کند، آیین‌نامه‌ی رفتار حرفه‌ای را تعیین می‌کند و به شکایت‌ها رسیدگی می‌کند. می‌توانید شکایت خود را همراه با مدارک پشتیبان، مانند قرارداد، رسیدها و پیام‌ها، از طریق وب‌سایت آن ثبت کنید. شکایت ممکن است به اقدام انضباطی، از جمله تعلیق یا لغو مجوز، منجر شود. فرایند نظارتی عمدتاً برای حمایت از عموم مردم است و برای پرداخت غرامت به شما طراحی نشده است؛ بنابراین ممکن است لازم باشد راهکارهای دیگری را نیز در نظر بگیرید. اگر نماینده وکیل باشد، شکایت به کانون وکلایی ارسال می‌شود که وکیل عضو آن است.

## دعاوی قصور

اگر اشتباه یک نماینده به شما زیان مالی وارد کرده باشد، ممکن است بتوانید از طریق دادگاه جبران خسارت مطالبه کنید. در دعوای قصور حرفه‌ای، معمولاً باید نشان دهید که:

1. نماینده در برابر شما وظیفه‌ی مراقبت داشته است
2. کار او پایین‌تر از استانداردی بوده که از یک متخصص شایسته و معقول انتظار می‌رود
3. همین تخلف موجب زیان شما شده است
4. خسارتی متحمل شده‌اید که قانون آن را به رسمیت می‌شناسد، مانند هزینه‌های هدررفته، درآمد ازدست‌رفته یا هزینه‌های اضافی

بسته به مبلغ، دعوا ممکن است در دیوان حل اختلاف مدنی (Civil Resolution Tribunal)، دادگاه استانی یا دادگاه عالی بریتیش کلمبیا رسیدگی شود. مهلت‌های مرور زمان نیز اعمال می‌شوند: در بریتیش کلمبیا، بیشتر دعاوی باید ظرف دو سال از زمان کشفشان اقامه شوند.

## حل مشکل مهاجرتی

دعوای قصور به‌تنهایی درخواست ردشده یا وضعیت ازدست‌رفته را اصلاح نمی‌کند. گاهی اولویت با پرونده‌ی مهاجرتی است: درخواست جدید، درخواست بازنگری، یا بازبینی قضایی در دادگاه فدرال. در پرونده‌هایی که به ادعاهایی علیه نماینده‌ی پیشین وابسته‌اند، دادگاه فدرال دستورالعملی دارد که اطلاع‌رسانی به آن نماینده را الزامی می‌کند.

## اکنون چه کنید

مدارک خود را گردآوری کنید، گاه‌شماری از رویدادها بنویسید، و تا زمانی که مشاوره‌ی مستقل نگرفته‌اید از امضای هر سند دیگری با همان نماینده خودداری کنید. برای گفت‌وگو درباره‌ی وضعیت خود، [با دفتر ما تماس بگیرید](/contact).

*این مقاله اطلاعات عمومی است و مشاوره‌ی حقوقی محسوب نمی‌شود.*`,
    titleZh: "移民顾问执业失当：警示信号及您可以采取的行动",
    excerptZh:
      "大多数持牌顾问都能尽职服务客户，但失误和不当行为仍时有发生。了解警示信号、如何核查执照，以及从向CICC投诉到提起过失索赔的各种选择。",
    metaDescriptionZh:
      "识别移民顾问执业失当的警示信号，核查执照，向CICC投诉，并了解在不列颠哥伦比亚省提起过失索赔的基本要点。",
    imageAltTextZh: "关于移民顾问执业失当及可用选择的文章配图",
    contentZh: `许多人会聘请代理人协助办理签证、许可、担保或永久居民申请。大多数持牌顾问和律师都能尽职地为客户服务。然而，一旦出现问题，后果可能相当严重：错过期限、申请被拒、被认定虚假陈述，或白白浪费时间和金钱。本文介绍如何识别问题，以及在加拿大可能有哪些选择。

## 谁有权收费提供移民咨询

根据《移民与难民保护法》，只有授权代理人才可以就加拿大移民或公民事务收费为您提供代理或咨询。授权代理人包括：加拿大各省或地区律师公会的律师和法律助理（paralegal）、魁北克公证人协会（Chambre des notaires du Québec）的公证人，以及移民与公民顾问学院（CICC）的持牌顾问。您可以在CICC的公开名册上核查顾问的执照，并通过相关律师公会（例如不列颠哥伦比亚省律师公会）查询律师的执业状况。

任何其他收费从事此类工作的人（通常被称为“幽灵顾问”）均属违法。

## 警示信号

如果代理人有以下情况，请保持警惕：

- 保证申请获批，或承诺在加拿大提供工作
- 要求您提供虚假信息或文件
- 不向您提供书面服务协议或收据
- 拒绝向您提供以您名义递交的材料副本
- 未在IRCC登记为您的代理人，或使用其本人的联系方式，使您始终看不到往来函件
- 错过期限或不再回复
- 要求您把钱转入个人账户，或只收现金

请记住，即使申请由他人准备，您仍需对申请中的全部内容负责。虚假陈述可能导致申请被拒，并在五年内被禁止申请入境加拿大。

## 向CICC投诉

CICC负责监管持牌移民与公民顾问，制定职业行为守则并调查投诉。您可以通过其网站提交投诉，并附上协议、收据和往来信息等证明材料。投诉可能导致纪律处分，包括暂停或吊销执照。监管程序的主要目的是保护公众，并非为您争取赔偿，因此您可能还需要考虑其他救济途径。如果代理人是律师，则应向该律师所属的律师公会投诉。

## 过失索赔

如果代理人的失误给您造成了经济损失，您或许可以通过法院要求赔偿。在专业过失索赔中，您一般需要证明：

1. 代理人对您负有注意义务
2. 其工作低于一名具备合理能力的专业人士应有的标准
3. 该违反行为导致了您的损失
4. 您遭受了法律认可的损害，例如白付的费用、收入损失或额外开支

视索赔金额而定，案件可能由民事纠纷解决仲裁庭（Civil Resolution Tribunal）、省法院或不列颠哥伦比亚省最高法院审理。诉讼时效同样适用：在BC省，大多数索赔必须在发现之日起两年内提起。

## 解决移民问题

执业失当索赔本身并不能挽回被拒的申请或已失去的身份。有时首要任务是处理移民档案：重新申请、请求复议，或向联邦法院申请司法审查。如果案件涉及对前任代理人的指控，联邦法院有相关程序规定，要求事先通知该代理人。

## 现在该怎么做

整理您的文件，写下事件时间线，并在获得独立法律意见之前，避免再与同一代理人签署任何文件。如需讨论您的情况，请[联系我们的办公室](/contact)。

*本文仅为一般性信息，不构成法律意见。*`,
  },
];

/** Demo team members; key matches the demo team texts in app/i18n/defaults. */
export const demoTeam = [
  { key: 1, name: "Alex Morgan", email: "alex.morgan@example.com", phone: "+1 (604) 555-0101", photo: "demo-assets/team-1.jpg" },
  { key: 2, name: "Sara Karimi", email: "sara.karimi@example.com", phone: "+1 (604) 555-0102", photo: "demo-assets/team-2.jpg" },
  { key: 3, name: "Lei Chen", email: "lei.chen@example.com", phone: "+1 (604) 555-0103", photo: "demo-assets/team-3.jpg" },
] as const;
