"""General-knowledge Chinese word lists used by the Chinese analyzer.

Everything here is ordinary vocabulary (function words, venue-type nouns, place suffixes, hotel
facilities, cooking verbs, domain cue words), never names or values copied from a corpus.
"""

from __future__ import annotations


def _words(text: str) -> frozenset[str]:
    """The whitespace-separated words of a block of text."""
    return frozenset(text.split())


def word_list(text: str) -> tuple[str, ...]:
    """The whitespace-separated words of a block of text, in order (for cue tuples)."""
    return tuple(text.split())


def _by_length(text: str) -> tuple[str, ...]:
    """The words of a block of text, longest first (so a suffix match prefers 大酒店 to 酒店)."""
    return tuple(sorted(set(text.split()), key=lambda w: (-len(w), w)))


# Characters that end a candidate name: pronouns, particles, prepositions, conjunctions, light verbs.
HARD_STOP_CHARS = frozenset(
    "等改换的了吗呢吧啊呀哦哈嘛么啦是有在和或与及跟到从去给帮让把被对向往于为我你您他她它想要吃住玩看找请"
    "问说买订选叫用呗嗯噢哟喔诶嘿额恩呃乘坐发带离放至做完逛但"
)
# Single characters that usually end a name but also occur inside unknown names (北京贵都大酒店,
# 维也纳3好酒店): they end a run unless the run goes on to a venue suffix.
SOFT_STOP_CHARS = frozenset(
    "都也好这那哪个还就很太再又才只能会可得地着过没不别该此其每各某些几多少啥谁行打查做来走回近远"
    "边同均最前后听挺蛮瞒之"
)
STOP_CHARS = HARD_STOP_CHARS | SOFT_STOP_CHARS

# Words that end a candidate name: function words and common dialogue verbs, adjectives, nouns.
STOP_WORDS = _words(
    """
    你好 您好 谢谢 感谢 多谢 麻烦 请问 请 帮忙 帮我 帮您 给我 给您 为您 推荐 建议 介绍 一下 一个 一家
    一些 一所 一座 一处 一间 一趟 这个 那个 这家 那家 这里 那里 这儿 那儿 哪里 哪儿 哪些 哪个 哪家 什么
    怎么 怎样 怎么样 如何 多少 是否 是不是 有没有 能不能 可不可以 可以 可能 应该 需要 需要的 想要 希望
    喜欢 打算 准备 计划 决定 选择 就是 还是 或者 或是 以及 并且 而且 但是 不过 所以 因为 如果 然后 之后
    以后 之前 以前 时候 现在 刚才 已经 正在 马上 一起 一定 必须 务必 千万 记住 重要 非常 特别 比较 有点
    一点 有些 真的 真是 确实 好的 好吧 好啊 可以的 行的 没问题 没事 没关系 不客气 不用 不错 太好了 知道
    明白 了解 清楚 收到 记下 记住了 告诉 提供 查询 查找 查到 找到 搜索 预订 预定 预约 安排 入住 住宿
    游玩 参观 用餐 吃饭 就餐 乘坐 乘车 出发 到达 前往 过去 回去 附近 周边 周围 旁边 对面 里面 附近的
    周边的 地方 时间 还有 其他 其它 别的 另外 所有 全部 以上 以下 之间 左右 大概 大约 差不多 至少 最多
    最好 最低 最高 符合 要求 条件 满足 满意 接受 不好意思 抱歉 对不起 非常感谢 再见 拜拜 那么 那就 这样
    那样 听起来 据说 看看 试试 尝尝 一样 同样 相同 感觉 觉得 认为 听说 只有 都有 就有 没有 不是 是的
    对的 嗯嗯 我们 你们 他们 她们 咱们 自己 大家 朋友 家人 孩子 小孩 客户 老人 顺便 正好 刚好 恰好 肯定
    当然 挺不错 挺好 很好 很棒 不错的 还行 还可以 满意 合适 方便 便宜点 贵点 舒服 好吃 好玩 漂亮 划算
    适合 推荐给 客气 不用谢 不用客气 建议您 符合条件 完全符合 符合要求 联系 发给 给我发 发过来 考虑
    考虑一下 吃完饭 出去玩 很多 好多 不少 几个 两个 两家 几家 最后 最近 接下来 本来 一会 一会儿 分别
    具体 具体地址 具体位置 多久 多长时间 举手之劳 生活愉快 祝您 愉快 高兴 开心 遗憾 可惜 辛苦 价位 全天
    营业 上车 结束 真是太 下车 女朋友 男朋友 父母 爸妈 同事 领导 孩子们 真不错 不错哦 挺高 挺贵 道菜
    这道菜 那道菜 上下车 满足条件 包括 比如 例如 像是 诸如 等等 之类 出差 旅游 旅行 开会 上班 下班 起床
    睡觉 修改 取消 改成 换成 改为 换为 更改 办理 申请 开通 支付 付款 转账 退款 退订 确认 谢谢您 多谢您
    报歉 欢迎 咨询 感兴趣 算了 算了吧 那就好 太棒了 后悔 稍等 添麻烦 物美价廉 正合我意 帮不上忙 详细 好像
    口碑 办法 体验 胃口 关系 客人 同学 时段 时间段 食物 效劳 逛街 散步 散散步 休息 顺路 值得 值得一游
    物色 接近 更接近 更便宜 转一转 玩玩 吃了饭 吃过饭 标准 一家人 地段 繁华地段
    名叫 叫做 名为 名字叫 听起来 看起来 看上去 听上去 两口子 我俩 咱俩 家里人 计程车 吃饭时间
    两道菜 这两道菜 三道菜 几道菜 这俩菜 这个菜 这些菜 两样菜 坐地铁 乘地铁 坐出租 坐出租车 打车 打的 坐车
    乘车 包含 是否是 设有 能否 溜达 折腾 见识 答疑 咨询 比如说 打电话 旅途愉快 旅程 逛逛 转转 走走 转一转
    逛一逛 走一走 看一看 尝一尝 溜达溜达 转悠 暂无 暂时 省得 免得 以免 以便
    """
)

# Generic nouns: a chunk made only of these is not a name (the slot and venue-type vocabulary).
GENERIC_WORDS = _words(
    """
    订单 订单号 编号 单号 预订号 确认号 车次 航班 航班号 座位 座位号 房间号 高铁 火车 动车 飞机 机票 车票
    票 公交 公交车 大巴 汽车 网约车 专车 快车 会议 日程 提醒 闹钟 天气 温度 气温 银行 账户 卡 卡号
    景点 景区 酒店 宾馆 饭店 餐馆 餐厅 饭馆 馆子 旅馆 住处 地方 评分 分数 价格 价钱 房价 票价 门票 人均
    消费 人均消费 地址 电话 号码 电话号码 联系电话 联系方式 周边 附近 地铁 地铁站 出租 出租车 的士 车型
    车牌 车牌号 时间 营业时间 游玩时间 游玩时长 时长 类型 酒店类型 设施 酒店设施 服务 信息 名字 名称
    问题 推荐菜 菜 菜品 特色菜 招牌菜 美食 小吃 东西 出发地 目的地 起点 终点 站 车站 车 房间 房型 星级
    档次 环境 口味 位置 交通 路线 线路 选择 意见 建议 情况 结果 订单 需求 行程 计划 住宿 晚饭 午饭 早饭
    晚餐 午餐 早餐 门票价格 票价格 价位 地铁口 出口 入口 公共区域 部分房间 房间 所有房间 具体地址
    详细地址 家常菜 饭菜 起点站 终点站 目的站 出发站 始发站 站点 目的地站点 出发地站点 公寓
    """
)

# Generic words that are slot names rather than venue types: trimmed from either end of a name
# ("世界花卉大观园地址" -> "世界花卉大观园").
SLOT_WORDS = _words(
    """
    服务设施 设施服务 服务项目
    地址 电话 评分 价格 门票 人均 人均消费 消费 营业时间 游玩时间 时长 类型 设施 服务 信息 名字 名称
    推荐菜 周边 附近 电话号码 联系电话 票价 房价
    """
)

# Words stripped from the start of a name candidate ("景点故宫" -> "故宫"): slot and venue-type nouns.
LEADING_GENERIC = SLOT_WORDS | _words("景点 景区 酒店 宾馆 饭店 餐馆 餐厅 地铁 地铁站 出租车 周边 附近 地方")

# Common nouns that occur inside names and dish names (簋街味道, 特色酱油炒饭, 老婆饼, 外婆家) but are no
# name alone (flavour words, family members).
COMMON_WORDS = _words(
    """
    味道 特色 菜肴 美味 风味 招牌 口味 好吃 经典 传统 家常 正宗 地道
    妈妈 老妈 爸爸 老爸 女友 男友 老公 老婆 女儿 儿子 宝宝 爷爷 奶奶 姥姥 姥爷 外婆 外公 闺蜜 媳妇 丈夫
    妻子 太太 先生 小伙伴 小朋友
    """
)

# Place and venue-type suffixes: a chunk ending in one of these is a venue or place name.
VENUE_SUFFIXES = _by_length(
    """
    酒店 大酒店 宾馆 饭店 旅馆 客栈 公寓 民宿 招待所 旅舍 餐厅 餐馆 饭馆 酒楼 酒家 食府 食堂 饭堂 面馆
    菜馆 料理 小吃 火锅 烤肉 烤鸭 烧烤 涮肉 铁板烧 自助 店 馆 坊 居 斋 楼 轩 阁 苑 园 公园 乐园 广场 寺
    庙 宫 殿 坛 塔 桥 城 博物馆 美术馆 纪念馆 艺术馆 图书馆 展览馆 剧院 剧场 影院 站 路 街 大街 胡同 巷
    大厦 中心 区 景区 风景区 山 湖 河 岛 村 镇 府 院 所 门 峡谷 长城 遗址 故居 陵 水库 农场 度假村 山庄
    会馆 会所 俱乐部 厨房 铺 屋 庄 社 堂 号 谷 洞 泉 池 场 厅 港 湾 口 局 厂 校 大学 学院 百汇 餐吧
    酒吧 画廊 廊 艺术区 景区 营业部 分店 总店
    """
)

# Suffixes of transport places (metro and train stations, exits).
STATION_SUFFIXES = ("地铁站", "火车站", "高铁站", "汽车站", "机场", "站")

# Cooking verbs: part of dish names (拍黄瓜, 干烧桂鱼), so they never end a name chunk.
COOKING_CHARS = frozenset("拌拍炒烧烤煎炸蒸煮炖焖涮卤熏爆溜扒焗腌酱烩撕切剁煲灼焯熘汆酿")

# Hotel facilities and services (general hotel vocabulary).
FACILITIES = _by_length(
    """
    无线网络 无线网 wifi WiFi WIFI 宽带上网 宽带 有线网络 免费停车 停车场 停车位 收费停车位 免费停车场
    早餐服务 早餐 中式餐厅 西式餐厅 餐厅 酒吧 健身房 游泳池 室内游泳池 室外游泳池 温泉 桑拿 SPA spa
    会议室 商务中心 行李寄存 洗衣服务 叫醒服务 接机服务 接站服务 接待外宾 租车 国际长途电话 国内长途电话
    吹风机
    24小时热水 热水 暖气 空调 无烟房 残疾人设施 棋牌室 电梯 保险箱 送餐服务 客房服务 儿童乐园 洗衣机
    """
)

# General room, seat, cuisine, price and area words, each with its slot hint (base.SLOTS).
_TERM_BLOCKS = (
    ("type", "大床房 双床房 标准间 标间 单人间 双人间 三人间 套房 家庭房 商务房 豪华房 亲子房"),
    ("seat_class", "经济舱 商务舱 头等舱 一等座 二等座 商务座 特等座 硬座 软座 硬卧 软卧 无座 靠窗 靠过道"),
    ("food", "川菜 湘菜 粤菜 鲁菜 苏菜 浙菜 闽菜 徽菜 东北菜 西北菜 京菜 北京菜 上海菜 本帮菜 江浙菜 云南菜"),
    ("food", "贵州菜 新疆菜 西餐 中餐 日料 日本料理 韩餐 韩国料理 韩式 日式 法餐 法式 法国菜 意大利菜 意式"),
    ("food", "泰国菜 泰餐 印度菜 越南菜 墨西哥菜 西班牙菜 土耳其菜 清真 素食 素菜 海鲜 火锅 烧烤 自助餐"),
    ("food", "快餐 小吃 面食 甜品 咖啡 茶餐厅 农家菜"),
    ("price_range", "便宜 实惠 经济实惠 中档 高档 奢华 平价 贵一点 便宜点"),
    ("area", "东城 西城 南城 北城 城东 城西 城南 城北 市中心 市区 郊区 近郊 远郊 市内"),
    ("item", "信用卡 储蓄卡 借记卡 白金卡 金卡 普卡 联名卡 年费 额度 利息 利率 积分 分期 手续费 押金 定金"),
)
TERM_SLOTS: dict[str, str] = {w: slot for slot, block in _TERM_BLOCKS for w in block.split()}

# X型 words that are no category value: "车型" (vehicle model), "类型" (type), "大型" (large), ...
NOT_TYPE_WORDS = _words(
    "车型 类型 房型 户型 机型 血型 体型 脸型 发型 造型 典型 大型 小型 中型 新型 重型 轻型 巨型 微型 模型 句型"
    " 转型 定型 成型 原型 外型 线型 款型 型号"
)

# Domain cue words -> canonical domain (base.DOMAINS). Transport cues outrank venue cues.
TRANSPORT_DOMAINS = (
    ("出租车", "taxi"), ("出租", "taxi"), ("打车", "taxi"), ("叫车", "taxi"), ("的士", "taxi"),
    ("网约车", "ride"), ("专车", "ride"), ("快车", "ride"), ("顺风车", "ride"),
    ("地铁", "metro"), ("轻轨", "metro"),
    ("火车", "train"), ("高铁", "train"), ("动车", "train"), ("列车", "train"), ("车次", "train"),
    ("航班", "flight"), ("机票", "flight"), ("飞机", "flight"), ("起飞", "flight"),
    ("公交", "bus"), ("大巴", "bus"), ("长途汽车", "bus"), ("汽车票", "bus"),
    ("租车", "car_rental"),
)
VENUE_DOMAINS = (
    ("餐馆", "restaurant"), ("餐厅", "restaurant"), ("饭店", "restaurant"), ("饭馆", "restaurant"),
    ("吃饭", "restaurant"), ("用餐", "restaurant"), ("就餐", "restaurant"), ("推荐菜", "restaurant"),
    ("人均消费", "restaurant"), ("想吃", "restaurant"), ("美食", "restaurant"), ("订餐", "restaurant"),
    ("订座", "restaurant"),
    ("酒店", "hotel"), ("宾馆", "hotel"), ("住宿", "hotel"), ("入住", "hotel"), ("旅馆", "hotel"),
    ("民宿", "hotel"), ("房间", "hotel"), ("客房", "hotel"), ("住一晚", "hotel"), ("住哪", "hotel"),
    ("景点", "attraction"), ("游玩", "attraction"), ("门票", "attraction"), ("景区", "attraction"),
    ("旅游", "attraction"), ("参观", "attraction"), ("逛逛", "attraction"),
    ("天气", "weather"), ("气温", "weather"), ("下雨", "weather"),
    ("信用卡", "bank"), ("银行", "bank"), ("储蓄卡", "bank"), ("年费", "bank"), ("账户", "bank"),
    ("转账", "payment"), ("付款", "payment"), ("支付", "payment"),
    ("电影", "movie"), ("影院", "movie"), ("电影票", "movie"),
    ("演唱会", "event"), ("演出", "event"), ("比赛", "event"),
    ("音乐", "music"), ("歌曲", "music"),
    ("医生", "doctor"), ("挂号", "doctor"), ("医院", "hospital"), ("牙医", "dentist"),
    ("理发", "salon"), ("美发", "salon"),
    ("租房", "apartment"), ("公寓", "apartment"),
    ("闹钟", "alarm"), ("日程", "calendar"), ("提醒", "calendar"),
    ("短信", "messaging"), ("消息", "messaging"),
    ("购物", "shopping"), ("下单", "shopping"), ("快递", "shopping"),
    ("报警", "police"), ("警察", "police"),
)
