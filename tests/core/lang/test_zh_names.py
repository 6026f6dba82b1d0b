"""The Chinese analyzer's names: venue names, their boundaries, and their slot hints."""

from __future__ import annotations

import pytest

from tests.core.lang.zh_helpers import ents, find

pytestmark = pytest.mark.unit


# --- names -----------------------------------------------------------------------------------------

def test_venue_names_with_parentheses_and_latin() -> None:
    text = "给您推荐汉庭酒店(北京王府井店)和北京工体A. Hotel酒店，你看行吗？"
    names = [e[1] for e in ents(text) if e[0] == "name"]
    assert names == ["汉庭酒店(北京王府井店)", "北京工体A. Hotel酒店"]


def test_lists_of_what_is_nearby_give_no_names() -> None:
    # an enumeration of three or more, or any list after "周边…有", answers "what is there": no choice
    assert [e for e in ents("周边景点有故宫、天安门广场、 前门大街、恭王府。") if e[0] == "name"] == []
    assert [e for e in ents("周边的餐馆有老诚一锅(密云店)。") if e[0] == "name"] == []
    # the user asking whether something is nearby names what they want
    assert find("附近有全聚德烤鸭店吗？", "全聚德烤鸭店")[3] == "name"


def test_two_alternatives_stay_and_share_one_slot() -> None:
    text = "推荐您去八达岭长城或者颐和园游玩。"
    assert [e[1] for e in ents(text)] == ["八达岭长城", "颐和园"]
    # the dish cue after the last item holds for the first one too
    dishes = ents("有老婆饼 、枫糖小牛角面包这两道菜的餐馆")
    assert [(e[1], e[3]) for e in dishes] == [("老婆饼", "food"), ("枫糖小牛角面包", "food")]


def test_opening_hours_are_one_time_without_weekday_dates() -> None:
    # "周一至周日" says "every day": it is no date and no name
    assert ents("营业时间是周一至周日 11:30-16:00 17:00-21:30。") == [
        ("time", "11:30-16:00 17:00-21:30", "11:30-16:00 17:00-21:30", "time")]
    # a partial week is information and stays with the hours
    assert [e[1] for e in ents("营业时间是周二至周日 10:30-15:30。")] == ["周二至周日 10:30-15:30"]


def test_questions_terminals_and_placeholders_are_no_values() -> None:
    assert ents("这家酒店的地址是什么？") == []
    assert ents("景山公园的地址在哪里？")[0][0] == "name"  # and no address
    assert all(e[0] != "id" for e in ents("在T2航站楼地铁站上车吧。"))
    assert ents("车型是#CX，车牌是#CP。") == []  # placeholders the data left in, no identifiers


def test_weekly_schedule_without_a_cue_and_local_phone_numbers() -> None:
    assert [e[1] for e in ents("知道啊，周一至周日 09:00-21:00。")] == ["09:00-21:00"]
    assert find("电话是64045361-3015和01051952712。", "64045361-3015")[0::3] == ("phone", "phone")


def test_names_with_a_second_bracket_or_a_day_word_in_them() -> None:
    text = "有康福瑞连锁酒店(北京学院南路店)(原康福瑞假日酒店)和北京京仪大酒店。"
    assert find(text, "康福瑞连锁酒店(北京学院南路店)(原康福瑞假日酒店)")[0] == "name"
    assert find("麻烦问下今日美术馆的营业时间？", "今日美术馆")[0] == "name"
    assert find("北京大学是免费的么？", "北京大学")[0] == "name"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("麻烦问下官也街澳门火锅(国贸商城店)的电话", "官也街澳门火锅(国贸商城店)"),  # 问下 = 问一下
        ("那北大周边有什么酒店？", "北大"),  # a discourse 那 at the clause start
        ("我想去名叫冶仙塔旅游风景区的景点游玩", "冶仙塔旅游风景区"),
        ("推荐您去同和居饭店，评分1分", "同和居饭店"),  # 和 between single characters
        ("那我就选择北京远通维景国际大酒店好了", "北京远通维景国际大酒店"),
        ("北京贵都大酒店听起来很不错", "北京贵都大酒店"),
        ("您可以去宝格丽酒店大堂吧，这里人均消费1356元", "宝格丽酒店大堂吧"),  # a bar, not the particle
        ("但我还是推荐千只鹤手作り料理 居楽屋(昌平店)。", "千只鹤手作り料理 居楽屋(昌平店)"),
        ("我要从没名儿生煎(北大店)到北京满唐红酒店", "没名儿生煎(北大店)"),  # 从没 glued by jieba
        ("那家小馆(永安里店)就挺不错的啊", "那家小馆(永安里店)"),  # the branch shows 那 is part of it
        ("就去国家大剧院转转吧", "国家大剧院"),
        ("好，我去琉璃厂古玩字画一条街逛逛。", "琉璃厂古玩字画一条街"),
        ("去先声画廊吧！很不错的！", "先声画廊"),  # a soft word inside a venue name
        ("我想吃的菜肴是酱料", "酱料"),
    ],
)
def test_name_boundaries(text: str, name: str) -> None:
    assert find(text, name)[0] in ("name", "place")


@pytest.mark.parametrize(
    "text",
    [
        "那倒不贵，刚才吓我一跳。",
        "我小时候的梦想就是成为一名航天员",
        "这么多玩的地方真好，欣赏完美景我想找个餐馆",
        "再推荐一个高档酒店吧？",
        "我想找个有所有房间提供wifi何室内游泳池服务设施的酒店住宿",
        "这条街周边有什么餐馆？",
        "多谢您耐心答疑。",
        "我天，是私人电话吗？",
        "那也无所谓了，就想吃这口。",  # 这 + a venue suffix alone
        "那在你之前提过的酒店周围的餐馆里",
        "吃了饭要是晚一点的话，我就想就近住下了！",  # 要是 is "if", not "is"
        "好的谢谢，那它家评分高吗？",
    ],
)
def test_ordinary_words_and_phrases_are_no_names(text: str) -> None:
    assert [e for e in ents(text) if e[0] in ("name", "place")] == []


def test_soft_stop_inside_a_venue_name() -> None:
    # 都 usually ends a name, but not when the run goes on to a venue suffix
    assert find("推荐您去北京贵都大酒店住宿。", "北京贵都大酒店")[0] == "name"


def test_count_glued_to_a_venue_name_is_part_of_it() -> None:
    found = ents("为您推荐7天连锁酒店(北京师范大学店)。")
    assert [e[1] for e in found] == ["7天连锁酒店(北京师范大学店)"]


def test_possessive_venue_name() -> None:
    assert find("推荐您去长城脚下的公社，门票120元！", "长城脚下的公社")[0] == "name"


def test_origin_destination_and_dish_slots() -> None:
    text = "我想从便便满屋饭堂乘坐地铁到天安门广场"
    assert find(text, "便便满屋饭堂")[3] == "origin"
    assert find(text, "天安门广场")[3] == "destination"
    assert find("我想吃拍黄瓜，帮我找个餐馆", "拍黄瓜")[3] == "food"


@pytest.mark.parametrize(
    ("text", "surface", "slot"),
    [
        ("我想从北京天伦王朝酒店坐地铁去簋街味道吃饭", "北京天伦王朝酒店", "origin"),
        ("我想从北京天伦王朝酒店坐地铁去簋街味道吃饭", "簋街味道", "destination"),  # 去 after 从
        ("打车从护国寺小吃到国家大剧院", "国家大剧院", "destination"),  # 吃 inside a name is no cue
        ("为您查到白乙化烈士纪念馆，您可以去看看。", "白乙化烈士纪念馆", "name"),  # 查到 is no trip
        ("推荐您到中安之家连锁(北京中安宾馆)入住。", "中安之家连锁(北京中安宾馆)", "name"),
        ("请帮忙介绍个餐馆，最好有小煎猪肝的！", "小煎猪肝", "food"),
        ("我要去名叫水湾部落的餐馆用餐", "水湾部落", "name"),  # named venue, not a dish
        ("想吃烤肉了，千岛炭火烤肉的电话发给我一下。", "千岛炭火烤肉", "name"),  # 吃 in another clause
        ("最想吃的就是精品羊蝎子，有没有4.5分以上的餐馆？", "精品羊蝎子", "food"),
        ("酒店周边的餐馆里，找一个推荐菜有京东肉饼的餐馆", "京东肉饼", "food"),
        ("哪家有辣炒蛏子啊？", "辣炒蛏子", "food"),
        ("请给我找一家有老建筑餐厅这道菜的餐馆。", "老建筑餐厅", "food"),
        ("雁栖湖附近没有地铁店哦，捞王锅物料理附近有地铁站", "捞王锅物料理", "name"),
    ],
)
def test_name_slot_hints(text: str, surface: str, slot: str) -> None:
    assert find(text, surface)[3] == slot


def test_stations_near_a_trip_end_are_places_not_the_trip_ends() -> None:
    text = "出发地附近的地铁站是国展地铁站C口，目的地附近的地铁站是灯市口地铁站A口"
    assert [(e[1], e[3]) for e in ents(text)] == [("国展地铁站C口", None), ("灯市口地铁站A口", None)]
    text = "我想从北京南站坐高铁到天津站"
    assert [(e[1], e[3]) for e in ents(text)] == [("北京南站", "origin"), ("天津站", "destination")]


def test_small_talk_gives_no_names() -> None:
    assert ents("不用客气！") == []
    assert ents("好的，谢谢你的推荐。") == []


@pytest.mark.parametrize("text", ["老板刚开会说今年要加大投放，每月改成20条", "我老公刚说不去了"])
def test_an_adverb_ends_no_name(text: str) -> None:
    # "老板刚" was a name: as a correction's name it took the other names said before as replaced
    assert not [e for e in ents(text) if e[0] == "name" and e[1].endswith("刚")]


@pytest.mark.parametrize(
    ("text", "value"),
    [("每条30到45秒，竖版", "PT30S-PT45S"), ("视频15秒以内", "<=PT15S"), ("等了20秒钟", "PT20S")],
)
def test_seconds_are_a_duration(text: str, value: str) -> None:
    assert [e[2] for e in ents(text) if e[0] == "duration"] == [value]


def test_a_flash_sale_is_no_duration() -> None:
    assert not [e for e in ents("秒杀活动几点开始") if e[0] == "duration"]
